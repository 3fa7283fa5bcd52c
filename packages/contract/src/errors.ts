import type { DomainErrorCode } from '@giro/domain/errors';
import type { LeaveBlocker } from '@giro/domain/leave';

/**
 * Every error the API answers with: its HTTP status and its text in each language (SPEC §8).
 * The server maps codes to statuses here and nowhere else; the browser shows `message`,
 * which the server has already put in the user's language.
 */
type Entry = { status: number; en: string; it: string };

const catalogue = {
  // Transport and protocol
  VALIDATION_ERROR: {
    status: 400,
    en: 'Please check your input and try again.',
    it: 'Controlla i dati inseriti e riprova.',
  },
  INVALID_JSON: {
    status: 400,
    en: 'The request body is not valid JSON.',
    it: 'Il corpo della richiesta non è un JSON valido.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, en: 'The request is too large.', it: 'La richiesta è troppo grande.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    en: 'Unsupported content type.',
    it: 'Tipo di contenuto non supportato.',
  },
  CSRF_TOKEN_INVALID: {
    status: 403,
    en: 'Your session token is invalid. Please retry.',
    it: 'Il token di sicurezza non è valido. Riprova.',
  },
  UNAUTHORIZED: { status: 401, en: 'You need to sign in.', it: 'Devi accedere.' },
  SESSION_EXPIRED: {
    status: 401,
    en: 'Your session has expired. Please sign in again.',
    it: 'La sessione è scaduta. Accedi di nuovo.',
  },
  FORBIDDEN: {
    status: 403,
    en: 'You are not allowed to do this.',
    it: 'Non hai i permessi per questa operazione.',
  },
  NOT_FOUND: { status: 404, en: 'Not found.', it: 'Non trovato.' },
  RATE_LIMITED: {
    status: 429,
    en: 'Too many attempts. Please wait and try again.',
    it: 'Troppi tentativi. Attendi e riprova.',
  },
  SERVER_ERROR: {
    status: 500,
    en: 'Server error. Please try again later.',
    it: 'Errore del server. Riprova più tardi.',
  },
  // Auth
  INVALID_CREDENTIALS: {
    status: 401,
    en: 'Invalid username or password',
    it: 'Nome utente o password non validi',
  },
  USERNAME_TAKEN: {
    status: 409,
    en: 'This username is already taken.',
    it: 'Questo nome utente è già in uso.',
  },
  EMAIL_TAKEN: {
    status: 409,
    en: 'An account with this email already exists.',
    it: 'Esiste già un account con questa email.',
  },
  PASSWORD_TOO_SHORT: {
    status: 400,
    en: 'The password must be at least 10 characters.',
    it: 'La password deve avere almeno 10 caratteri.',
  },
  PASSWORD_TOO_LONG: {
    status: 400,
    en: 'The password must be at most 128 characters.',
    it: 'La password può avere al massimo 128 caratteri.',
  },
  PASSWORD_TOO_COMMON: {
    status: 400,
    en: 'This password is too common. Choose another.',
    it: "Questa password è troppo comune. Scegline un'altra.",
  },
  PASSWORD_MATCHES_IDENTITY: {
    status: 400,
    en: 'The password must not be your username or email.',
    it: 'La password non può essere il tuo nome utente o la tua email.',
  },
  PASSWORD_CHANGE_FAILED: {
    status: 400,
    en: 'Password change failed: the current password is wrong.',
    it: 'Cambio password non riuscito: la password attuale è errata.',
  },
  TERMS_NOT_ACCEPTED: {
    status: 400,
    en: 'You must accept the terms and the privacy policy.',
    it: "Devi accettare i termini e l'informativa sulla privacy.",
  },
  CAPTCHA_REQUIRED: {
    status: 400,
    en: 'Please complete the captcha verification',
    it: 'Completa la verifica captcha',
  },
  CAPTCHA_FAILED: { status: 400, en: 'Captcha verification failed', it: 'Verifica captcha non riuscita' },
  TESTER_INVITE_REQUIRED: {
    status: 403,
    en: 'Registration is open to invited testers only: you need a tester invite to create an organization.',
    it: "La registrazione è riservata ai tester invitati: serve un invito tester per creare un'organizzazione.",
  },
  INVALID_TESTER_INVITE: {
    status: 404,
    en: 'This tester invite is invalid, used or expired.',
    it: 'Questo invito tester non è valido, è già stato usato o è scaduto.',
  },
  INVALID_RESET_TOKEN: {
    status: 400,
    en: 'The reset link is invalid or expired: request a new one.',
    it: 'Il link di reimpostazione non è valido o è scaduto: richiedine uno nuovo.',
  },
  INVALID_VERIFICATION_TOKEN: {
    status: 400,
    en: 'The verification link is invalid or expired: request a new one.',
    it: 'Il link di verifica non è valido o è scaduto: richiedine uno nuovo.',
  },
  INVALID_DELETION_TOKEN: {
    status: 400,
    en: 'The deletion link is invalid or expired: request a new one.',
    it: 'Il link di eliminazione non è valido o è scaduto: richiedine uno nuovo.',
  },
  EMAIL_ALREADY_VERIFIED: {
    status: 409,
    en: 'Your email is already verified.',
    it: 'La tua email è già verificata.',
  },
  EMAIL_VERIFICATION_REQUIRED: {
    status: 403,
    en: 'Email verification required',
    it: "Verifica dell'email richiesta",
  },
  // Organizations
  INVALID_INVITE_CODE: { status: 404, en: 'Invalid invite code', it: 'Codice invito non valido' },
  ALREADY_IN_ORGANIZATION: {
    status: 409,
    en: 'You already belong to an organization.',
    it: "Fai già parte di un'organizzazione.",
  },
  MEMBER_DEBT_OWED: {
    status: 409,
    en: 'You still owe another member a contribution they covered for you: repay it before deleting your account.',
    it: 'Devi ancora a un altro membro un contributo che ha coperto per te: restituiscilo prima di eliminare il tuo account.',
  },
  PAYOUT_OWED_ELSEWHERE: {
    status: 409,
    en: 'A family you left still owes you the payout of your funding request: have it paid (it is under "Payouts waiting for you") before deleting your account.',
    it: "Una famiglia da cui sei uscito ti deve ancora l'erogazione della tua richiesta di aiuto: falla pagare (è in «Erogazioni che ti aspettano») prima di eliminare il tuo account.",
  },
  EXPELLED_FROM_ORGANIZATION: {
    status: 403,
    en: 'The members of this organization removed you from it: you cannot join it again.',
    it: 'I membri di questa organizzazione ti hanno escluso: non puoi rientrarvi.',
  },
  NOT_IN_ORGANIZATION: {
    status: 404,
    en: 'You do not belong to an organization.',
    it: "Non fai parte di un'organizzazione.",
  },
  LEAVE_REFUSED: {
    status: 409,
    en: 'Failed to leave: you still have open commitments.',
    it: 'Impossibile uscire: hai ancora impegni aperti.',
  },
  INVALID_AMOUNT: { status: 400, en: 'Invalid amount', it: 'Importo non valido' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    en: 'This Idempotency-Key was already used for another request.',
    it: "Questa Idempotency-Key è già stata usata per un'altra richiesta.",
  },
  PUSH_ENDPOINT_REFUSED: {
    status: 400,
    en: "This browser's push service is not one Giro can send to.",
    it: 'Il servizio di notifiche di questo browser non è tra quelli a cui Giro può inviare.',
  },
  BILLING_ADDRESS_INCOMPLETE: {
    status: 400,
    en: 'Billing address incomplete: fill in every field and select a country.',
    it: 'Indirizzo di fatturazione incompleto: compila tutti i campi e seleziona un paese.',
  },
  DEBT_SETTLING: {
    status: 409,
    en: 'A repayment of this debt is already under way.',
    it: 'Una restituzione di questo debito è già in corso.',
  },
  COVER_NOT_PAID_OUT: {
    status: 409,
    en: 'A contribution you covered for another member is in a round not paid out yet: delete your account once it is.',
    it: "Un contributo che hai coperto per un altro membro è in un turno non ancora erogato: elimina l'account quando lo sarà.",
  },
  DEBT_REPAYMENT_TO_YOU_UNDER_WAY: {
    status: 409,
    en: "A member's repayment to you is on its way: delete your account once it has arrived, in a few minutes.",
    it: "La restituzione di un membro è in arrivo: elimina l'account quando sarà arrivata, tra pochi minuti.",
  },
  CREDITOR_CANNOT_RECEIVE: {
    status: 409,
    en: 'This member has not connected an account to receive payments yet: repay them by hand and declare it here.',
    it: 'Questo membro non ha ancora collegato un conto per ricevere pagamenti: restituisci a mano e dichiaralo qui.',
  },
  PAYMENT_METHOD_REQUIRED: {
    status: 400,
    en: 'Failed to initialize payment: choose a card.',
    it: 'Impossibile avviare il pagamento: scegli una carta.',
  },
  PAYOUT_ACCOUNT_EXISTS: {
    status: 409,
    en: 'You already have a connected payment account.',
    it: 'Hai già un conto di pagamento collegato.',
  },
  PAYOUT_ACCOUNT_NOT_FOUND: {
    status: 404,
    en: 'No connected payment account.',
    it: 'Nessun conto di pagamento collegato.',
  },
  PAYPAL_EMAIL_REQUIRED: {
    status: 422,
    en: 'Add your PayPal email in the settings first.',
    it: 'Aggiungi prima la tua email PayPal nelle impostazioni.',
  },
  PAYMENT_FAILED: { status: 402, en: 'Payment failed.', it: 'Pagamento non riuscito.' },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 400,
    en: 'The webhook signature is not valid.',
    it: 'La firma del webhook non è valida.',
  },
  // Rotating fund (SPEC §8)
  NO_ROTATING_FUND: { status: 404, en: 'No rotating fund found', it: 'Nessun fondo a rotazione trovato' },
  FUND_ALREADY_RUNNING: {
    status: 409,
    en: 'A fund cycle is already running.',
    it: 'Un ciclo del fondo è già in corso.',
  },
  WRONG_PHASE: {
    status: 409,
    en: 'This is not possible in the current phase of the fund.',
    it: 'Non è possibile nella fase attuale del fondo.',
  },
  ALREADY_VOTED: {
    status: 409,
    en: 'You have already voted for this period',
    it: 'Hai già votato per questo periodo',
  },
  ALREADY_CONTRIBUTED: {
    status: 409,
    en: 'You have already contributed this month',
    it: 'Hai già versato il contributo per questo turno',
  },
  NOT_CURRENT_RECIPIENT: {
    status: 403,
    en: 'You are not the current recipient',
    it: 'Non sei il beneficiario attuale',
  },
  ADMIN_USER_NOT_FOUND: {
    status: 404,
    en: 'No user has this username or email.',
    it: 'Nessun utente ha questo nome utente o questa email.',
  },
  LAST_ADMIN: {
    status: 409,
    en: 'You are the last admin: grant the role to someone else first',
    it: "Sei l'ultimo amministratore: concedi prima il ruolo a qualcun altro",
  },
  CANNOT_WITHDRAW_NOW: {
    status: 409,
    en: 'You cannot withdraw at this time',
    it: 'Non puoi prelevare in questo momento',
  },
  INSUFFICIENT_CONTRIBUTIONS: {
    status: 422,
    en: 'Insufficient contributions',
    it: 'Contributi insufficienti',
  },
  VOTING_NOT_COMPLETE: { status: 409, en: 'Voting not complete', it: 'Votazione non completata' },
  CONFIRMATION_NOT_COMPLETE: { status: 409, en: 'Confirmation not complete', it: 'Conferma non completata' },
  CONTRIBUTION_WINDOW_CLOSED: {
    status: 409,
    en: 'Contribution Window Closed',
    it: 'La finestra dei contributi è chiusa',
  },
  NOT_ELIGIBLE: { status: 403, en: 'Not eligible for this cycle', it: 'Non idoneo per questo ciclo' },
  NOT_AUTHORIZED_PARTICIPANT: {
    status: 403,
    en: 'You are not an authorized participant.',
    it: 'Non sei un partecipante autorizzato.',
  },
  DISMISSAL_REASON_REQUIRED: {
    status: 400,
    en: 'Please provide a reason for dismissal',
    it: 'Indica un motivo per il rifiuto',
  },
  DISMISSAL_REASON_TOO_LONG: {
    status: 400,
    en: 'Reason must be less than 500 characters',
    it: 'Il motivo deve avere meno di 500 caratteri',
  },
  INVALID_OPTION: {
    status: 400,
    en: 'This option is not available.',
    it: 'Questa opzione non è disponibile.',
  },
  CONTRIBUTION_NOT_FOUND: { status: 404, en: 'Contribution not found.', it: 'Contributo non trovato.' },
  NOT_REFUNDABLE: {
    status: 409,
    en: 'This contribution cannot be refunded.',
    it: 'Questo contributo non può essere rimborsato.',
  },
  PAYOUT_ACCOUNT_REQUIRED: {
    status: 422,
    en: 'Connected account required: set up your payout account in the settings.',
    it: 'Serve un conto collegato: configura il conto per i pagamenti nelle impostazioni.',
  },
  // Funding requests
  SWAP_NOT_ALLOWED: {
    status: 409,
    en: 'This turn cannot be swapped: only members who have not received yet, and not the current recipient.',
    it: 'Questo turno non si può scambiare: solo tra membri che non hanno ancora ricevuto, e non con chi riceve ora.',
  },
  SWAP_ALREADY_OPEN: {
    status: 409,
    en: 'A swap between you two is already waiting for an answer.',
    it: "C'è già uno scambio tra voi due in attesa di risposta.",
  },
  SWAP_NOT_FOUND: {
    status: 404,
    en: 'This swap is no longer open.',
    it: 'Questo scambio non è più aperto.',
  },
  NOT_SWAP_PARTY: {
    status: 403,
    en: 'Only the member asked can answer this swap, and only who asked can withdraw it.',
    it: "Solo il membro a cui è stato chiesto lo scambio può rispondere, e solo chi l'ha chiesto può ritirarlo.",
  },
  DEBT_NOT_FOUND: { status: 404, en: 'Debt not found.', it: 'Debito non trovato.' },
  PASSKEY_NOT_FOUND: { status: 404, en: 'Passkey not found.', it: 'Passkey non trovata.' },
  SESSION_NOT_FOUND: {
    status: 404,
    en: 'Session not found: it may have ended already.',
    it: 'Sessione non trovata: forse è già terminata.',
  },
  PASSKEY_CHALLENGE_INVALID: {
    status: 400,
    en: 'The passkey request has expired or was already used: try again.',
    it: 'La richiesta della passkey è scaduta o è già stata usata: riprova.',
  },
  PASSKEY_REFUSED: {
    status: 401,
    en: 'This passkey could not be verified. Try again, or sign in with your password.',
    it: 'Non è stato possibile verificare questa passkey. Riprova, oppure accedi con la password.',
  },
  PASSKEY_USER_NOT_VERIFIED: {
    status: 401,
    en: 'This passkey did not check who is using it (with a PIN, fingerprint or face), so Giro cannot accept it. Turn that check on, or use another passkey; your password always works.',
    it: "Questa passkey non ha verificato chi la usa (con PIN, impronta o volto), quindi Giro non può accettarla. Attiva la verifica o usa un'altra passkey; la password funziona sempre.",
  },
  PASSKEY_PASSWORD_WRONG: {
    status: 403,
    en: 'The password is wrong: the passkey was not added.',
    it: 'La password è errata: la passkey non è stata aggiunta.',
  },
  PASSKEY_ALREADY_REGISTERED: {
    status: 409,
    en: 'This passkey is already registered.',
    it: 'Questa passkey è già registrata.',
  },
  NOT_DEBT_PARTY: {
    status: 403,
    en: 'Only who owes this debt can repay it, and only who is owed can confirm it.',
    it: 'Solo chi ha il debito può restituirlo, e solo chi deve riceverlo può confermarlo.',
  },
  DEBT_NOT_DUE: {
    status: 409,
    en: 'This debt can be settled once the round is paid out.',
    it: 'Questo debito si potrà saldare appena il fondo del turno sarà erogato.',
  },
  DEBT_CLOSED: {
    status: 409,
    en: 'This debt is already settled.',
    it: 'Questo debito è già saldato.',
  },
  DEBT_REPAYMENT_DECLARED: {
    status: 409,
    en: 'You already declared this repayment: it waits for confirmation.',
    it: 'Hai già dichiarato questa restituzione: attende la conferma.',
  },
  DEBT_REPAYMENT_NOT_DECLARED: {
    status: 409,
    en: 'There is no declared repayment of this debt to refuse.',
    it: "Non c'è una restituzione dichiarata di questo debito da respingere.",
  },
  REQUEST_NOT_FOUND: { status: 404, en: 'Request not found.', it: 'Richiesta non trovata.' },
  REQUEST_ALREADY_OPEN: {
    status: 409,
    en: 'You already have an open request.',
    it: 'Hai già una richiesta aperta.',
  },
  NOT_REQUEST_OWNER: {
    status: 403,
    en: 'Only the owner of the request can do this.',
    it: 'Solo chi ha creato la richiesta può farlo.',
  },
  OWN_REQUEST: {
    status: 403,
    en: 'You cannot contribute to your own request.',
    it: 'Non puoi contribuire alla tua richiesta.',
  },
  REQUEST_NOT_ACTIVE: { status: 409, en: 'The request is not active.', it: 'La richiesta non è attiva.' },
  REQUEST_CLOSED: { status: 409, en: 'The request is closed.', it: 'La richiesta è chiusa.' },
  AMOUNT_OVER_REMAINING: {
    status: 422,
    en: 'The amount is more than what remains to the target.',
    it: "L'importo supera quanto manca all'obiettivo.",
  },
  AMOUNT_LEAVES_TOO_LITTLE: {
    status: 422,
    en: 'Give all that remains, or leave at least €1.00 for the others: less could not be given.',
    it: 'Versa tutto quanto manca, oppure lascia almeno 1,00 € agli altri: meno non si potrebbe versare.',
  },
  INVALID_REQUEST: {
    status: 400,
    en: 'Please check the title, description and message.',
    it: 'Controlla titolo, descrizione e messaggio.',
  },
  // Admin: email templates (details name the field and the placeholder)
  EMAIL_TEMPLATE_UNKNOWN_PLACEHOLDER: {
    status: 422,
    en: 'The template uses a placeholder that does not exist for this email.',
    it: 'Il modello usa un segnaposto che non esiste per questa email.',
  },
  EMAIL_TEMPLATE_INVALID: {
    status: 422,
    en: 'The template is broken: every placeholder must be written as {{name}}.',
    it: 'Il modello non è valido: ogni segnaposto va scritto come {{nome}}.',
  },
  EMAIL_TEMPLATE_LINK_REQUIRED: {
    status: 422,
    en: 'The body must contain the {{link}} placeholder, or the email would be useless.',
    it: "Il testo deve contenere il segnaposto {{link}}, altrimenti l'email sarebbe inutile.",
  },
} as const satisfies Record<string, Entry> & Record<DomainErrorCode, Entry>;

export type ErrorCode = keyof typeof catalogue;
export type Language = 'it' | 'en';

export const errorCatalogue: Readonly<Record<ErrorCode, Entry>> = catalogue;

type Text = Record<Language, string>;

/**
 * Codes whose refusal can say why: the message's lead and one clause per reason the use case
 * gives in `details.reasons` (domain.md, Leaving: "Failed to leave", the reason in the message).
 */
const explained: Partial<Record<ErrorCode, { lead: Text; reasons: Record<string, Text> }>> = {
  LEAVE_REFUSED: {
    lead: { en: 'Failed to leave', it: 'Impossibile uscire' },
    reasons: {
      fund_round_in_progress: {
        en: "you take part in the fund's current round",
        it: 'partecipi al turno in corso del fondo',
      },
      missed_contribution_owed: {
        en: 'you still owe a missed contribution',
        it: 'devi ancora un contributo non versato',
      },
      active_request_owner: {
        en: 'you have an active funding request',
        it: 'hai una richiesta di aiuto attiva',
      },
      request_payout_unpaid: {
        en: 'the payout of your funding request is not paid yet (retry it in Requests)',
        it: "l'erogazione della tua richiesta di aiuto non è ancora pagata (riprovala in Richieste)",
      },
    } satisfies Record<LeaveBlocker, Text>,
  },
};

/**
 * The code's text in the language; with reasons the code knows, its lead and those reasons
 * ("Failed to leave: you take part in the fund's current round and you have an active funding
 * request."). Reasons it does not know give the general text.
 */
export function errorMessage(code: ErrorCode, language: Language, reasons?: readonly unknown[]): string {
  const explanation = explained[code];
  const clauses = reasons?.map((reason) =>
    typeof reason === 'string' && explanation && Object.hasOwn(explanation.reasons, reason)
      ? explanation.reasons[reason]![language]
      : undefined,
  );
  if (!explanation || !clauses?.length || clauses.includes(undefined)) return catalogue[code][language];
  const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(clauses as string[]);
  return `${explanation.lead[language]}: ${list}.`;
}

export function errorStatus(code: ErrorCode): number {
  return catalogue[code].status;
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(catalogue, value);
}
