import type { Language } from '@giro/contract/errors';
import { ITALIAN_ARTICLES, withItalianA, withItalianArticle } from '@giro/contract/italian';
import type { NotificationType } from '@giro/contract/notifications';
import { formatEuro } from '@giro/domain/money';

/** The facts a notification's text may name; stored with it, rendered in the reader's language. */
export interface NotificationData {
  memberName?: string;
  until?: string;
  strikes?: number;
  /** A contribution reminder's: whose turn it is and who has paid already. */
  recipientName?: string;
  paidNames?: string[];
  /** A cover's: the member whose contribution was paid by `memberName`. */
  coveredName?: string;
  /** A request's payout that failed, or a request opened: its page (where its owner retries). */
  requestId?: string;
  /** A debt's call to repay it: closed with that debt's repayment, whatever the others. */
  debtId?: string;
  /** How much a debt between members is (a notice from before stop 76 has none: "il dovuto"). */
  amountCents?: number;
  /** A payment by hand to confirm: closed with that declaration's answer, whatever the others. */
  contributionId?: string;
  /** A request's, by its title (none before stop 77: "a funding request"); `yours` to its owner. */
  requestTitle?: string;
  yours?: boolean;
  /** A round refunded: the reader's part was cash handed to the recipient (it comes back by hand). */
  byHand?: boolean;
}

export interface NoticeText {
  title: string;
  body: string;
}

/** Admin-edited texts by `${type}/${language}` (notice-templates.ts); the defaults apply otherwise. */
export type NoticeOverrides = ReadonlyMap<string, NoticeText>;

// Made once: a formatter costs far more to build than to use (a reminder to 10,000 members).
export const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  it: new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Rome' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Rome' }),
};
export const listFormats: Record<Language, Intl.ListFormat> = {
  it: new Intl.ListFormat('it', { type: 'conjunction' }),
  en: new Intl.ListFormat('en', { type: 'conjunction' }),
};

const ROME = 'Europe/Rome';
const zoned = new Map<string, (date: Date) => string>();
/**
 * Outside Rome, in the member's own time zone and named ("17 gen 2026, 12:00 GMT-5"): a member
 * saved in New York read 18:00 for a window closing at noon where they are. Made once per
 * language and zone, as the formatters above.
 */
function formatIn(language: Language, timeZone: string): (date: Date) => string {
  if (timeZone === ROME) return (date) => dateFormats[language].format(date);
  const key = `${language}/${timeZone}`;
  let format = zoned.get(key);
  if (!format) {
    try {
      const moment = new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone,
      });
      // dateStyle does not combine with timeZoneName: the zone's offset from a formatter of its own.
      const zone = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' });
      format = (date) =>
        `${moment.format(date)} ${zone.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? ''}`.trimEnd();
    } catch {
      format = (date) => dateFormats[language].format(date); // a zone this runtime does not know
    }
    zoned.set(key, format);
  }
  return format;
}

const when = (iso: string | undefined, language: Language, timeZone: string) =>
  iso ? formatIn(language, timeZone)(new Date(iso)) : '';

const names = (list: string[] | undefined, language: Language) => listFormats[language].format(list ?? []);

/** "Anna and Bruno have paid; " — what the family sees, when someone has. */
const paidClause = (d: NotificationData, language: Language) => {
  const paid = d.paidNames ?? [];
  if (paid.length === 0) return '';
  if (language === 'it') return `${names(paid, 'it')} ${paid.length === 1 ? 'ha' : 'hanno'} pagato; `;
  return `${names(paid, 'en')} ${paid.length === 1 ? 'has' : 'have'} paid; `;
};

/** "La tua richiesta «Caldaia»", "La richiesta «Caldaia» di Anna": which one, and whose. */
const requestClause = (d: NotificationData, language: Language) => {
  const { requestTitle: title, memberName: owner } = d;
  if (language === 'it') {
    if (!title) return 'Una richiesta di aiuto';
    if (d.yours) return `La tua richiesta «${title}»`;
    return owner ? `La richiesta «${title}» di ${owner}` : `La richiesta «${title}»`;
  }
  if (!title) return 'A funding request';
  if (d.yours) return `Your request "${title}"`;
  return owner ? `${owner}'s request "${title}"` : `The request "${title}"`;
};

/**
 * A round refunded (turn_passed, round_refunded): how the reader's money comes back. Cash handed
 * to the recipient is not refunded by the platform: it goes back by hand.
 */
const backClause = (d: NotificationData, language: Language, toRecipient: boolean) => {
  const member = d.memberName ?? fallbacks[language].member;
  if (language === 'it') {
    if (toRecipient) return d.byHand ? ' (quanto ti è stato dato a mano, restituiscilo tu)' : '';
    return d.byHand
      ? `chiedi ${withItalianA(member)} di restituirti a mano quanto hai dato`
      : 'quanto hai versato per il turno ti viene restituito';
  }
  if (toRecipient) return d.byHand ? ' (give back yourself what was handed to you in cash)' : '';
  return d.byHand
    ? `ask ${member} to give back by hand what you gave`
    : 'what you paid for the round is given back';
};

/** Who receives now that a turn passed: " Carla receives now.", " The turn is yours now." (`yours`). */
const nextClause = (d: NotificationData, language: Language) => {
  if (d.yours) return language === 'it' ? ' Ora il turno è tuo.' : ' The turn is yours now.';
  if (!d.recipientName) return '';
  return language === 'it' ? ` Ora riceve ${d.recipientName}.` : ` ${d.recipientName} receives now.`;
};

/** " (Bruno's contribution)": whose contribution cash handed by another member is, for a cover. */
const coverClause = (d: NotificationData, language: Language) => {
  if (!d.coveredName) return '';
  return language === 'it' ? ` (il contributo di ${d.coveredName})` : ` (${d.coveredName}'s contribution)`;
};

/**
 * The default texts per type and language, `{{placeholder}}`s filled at render time; an admin may
 * replace them (stored like the email templates, key `notice_<type>`).
 */
export const noticeTemplates: Record<NotificationType, Record<Language, NoticeText>> = {
  contribution_timeout: {
    en: {
      title: 'Contribution missed',
      body: 'The contribution window closed before your payment arrived. The group is voting on what happens next.',
    },
    it: {
      title: 'Contributo mancato',
      body: 'La finestra dei contributi si è chiusa prima del tuo pagamento. Il gruppo sta votando cosa fare.',
    },
  },
  fallback_vote: {
    en: { title: 'Emergency vote', body: '{{member}} has not contributed. Vote: wait, skip or expel.' },
    it: {
      title: 'Votazione di emergenza',
      body: '{{member}} non ha contribuito. Vota: attendere, saltare o espellere.',
    },
  },
  extension_granted: {
    en: {
      title: 'Extension granted',
      body: 'The group gave you 24 more hours to contribute, until {{until}}.',
    },
    it: {
      title: 'Proroga concessa',
      body: 'Il gruppo ti ha concesso 24 ore in più per contribuire, fino al {{until}}.',
    },
  },
  contribution_skipped: {
    en: {
      title: 'Contribution skipped',
      body: "You were skipped for this round: the recipient receives the others' contributions.",
    },
    it: {
      title: 'Contributo saltato',
      body: 'Per questo turno il tuo contributo è saltato: il beneficiario riceve i contributi degli altri.',
    },
  },
  member_expelled: {
    en: {
      title: 'Member expelled',
      body: "{{member}} was removed from the organization by the group's vote.",
    },
    it: {
      title: 'Membro espulso',
      body: "Il gruppo ha votato l'espulsione di {{member}} dall'organizzazione.",
    },
  },
  you_were_expelled: {
    en: {
      title: 'Removed from the group',
      body: 'The group voted to remove you from the organization: you are no longer part of it and cannot rejoin it with its invite code. You can join another organization.',
    },
    it: {
      title: 'Esclusione dal gruppo',
      body: "Il gruppo ha votato per escluderti dall'organizzazione: non ne fai più parte e non puoi rientrarvi con il suo codice d'invito. Puoi unirti a un'altra organizzazione.",
    },
  },
  strike_warning: {
    en: {
      title: 'Strike warning',
      body: 'You have {{strikes}} strikes for missed contributions. At 3 you are at risk of expulsion.',
    },
    it: {
      title: 'Avviso di richiamo',
      body: "Hai {{strikes}} richiami per contributi mancati. A 3 rischi l'espulsione.",
    },
  },
  confirmation_timeout: {
    en: {
      title: 'Amount accepted',
      body: 'You did not answer in 24 hours, so the amount counts as accepted.',
    },
    it: {
      title: 'Importo accettato',
      body: "Non hai risposto entro 24 ore, quindi l'importo risulta accettato.",
    },
  },
  dismissal_acknowledgment_timeout: {
    en: {
      title: 'Dismissal acknowledged',
      body: 'You did not acknowledge the dismissal in 24 hours, so it counts as acknowledged and voting restarts.',
    },
    it: {
      title: 'Presa visione del rifiuto registrata',
      body: "Non hai preso visione del rifiuto entro 24 ore: la presa visione è registrata d'ufficio e la votazione riparte.",
    },
  },
  fund_activated: {
    en: {
      title: 'Fund active',
      body: 'Everyone accepted the amount: the rotation order is drawn. Vote the withdrawal date.',
    },
    it: {
      title: 'Fondo attivo',
      body: "Tutti hanno accettato l'importo: l'ordine di rotazione è estratto. Vota la data di prelievo.",
    },
  },
  your_turn: {
    en: {
      title: 'Your turn',
      body: "You are this round's recipient. You can withdraw as soon as everyone has contributed.",
    },
    it: {
      title: 'È il tuo turno',
      body: 'In questo turno il fondo è tuo. Puoi prelevarlo appena tutti hanno contribuito.',
    },
  },
  payout_account_required: {
    en: {
      title: 'Connect a payout account',
      body: 'Connect a payout account in Account by {{until}} to receive the fund, or the round moves on.',
    },
    it: {
      title: 'Collega un conto per i pagamenti',
      body: 'Collega un conto in Account entro il {{until}} per ricevere il fondo, altrimenti il turno passa al successivo.',
    },
  },
  turn_passed: {
    en: {
      title: 'Your turn has passed',
      body: "You did not connect a payout account in time: the round's contributions are given back{{back}} and your turn moves to the end of the rotation.{{next}}",
    },
    it: {
      title: 'Il tuo turno è passato',
      body: 'Non hai collegato in tempo un conto per ricevere: i contributi del turno vengono restituiti{{back}} e il tuo turno passa in fondo alla rotazione.{{next}}',
    },
  },
  round_refunded: {
    en: {
      title: 'Turn passed: your contribution comes back',
      body: '{{member}} did not connect a payout account in time: {{back}}.{{next}}',
    },
    it: {
      title: 'Turno passato: il tuo contributo torna a te',
      body: '{{member}} non ha collegato in tempo un conto per ricevere: {{back}}.{{next}}',
    },
  },
  request_activated: {
    en: { title: 'Request active', body: '{{request}} is now open for contributions.' },
    it: { title: 'Richiesta attiva', body: '{{request}} è aperta ai contributi.' },
  },
  payment_failed: {
    en: {
      title: 'Payment failed',
      body: 'Your card payment was declined, so your contribution was not made. Please pay again, with another card or another method.',
    },
    it: {
      title: 'Pagamento non riuscito',
      body: "Il pagamento con carta è stato rifiutato, quindi il contributo non è stato versato. Paga di nuovo, con un'altra carta o un altro metodo.",
    },
  },
  contribution_window_open: {
    en: {
      title: 'Time to contribute',
      body: "The contribution window is open until {{until}}: {{recipient}}'s pot waits for you.",
    },
    it: {
      title: 'È ora di contribuire',
      body: 'La finestra dei contributi è aperta fino al {{until}}: il fondo di {{recipient}} ti aspetta.',
    },
  },
  contribution_due_24h: {
    en: {
      title: '24 hours left to contribute',
      body: "{{paid}}{{recipient}}'s pot waits for you. The window closes {{until}}.",
    },
    it: {
      title: 'Mancano 24 ore per contribuire',
      body: '{{paid}}il fondo di {{recipient}} ti aspetta. La finestra si chiude il {{until}}.',
    },
  },
  contribution_due_2h: {
    en: {
      title: '2 hours left to contribute',
      body: "{{paid}}{{recipient}}'s pot waits for you — 2 h left.",
    },
    it: {
      title: 'Mancano 2 ore per contribuire',
      body: '{{paid}}il fondo di {{recipient}} ti aspetta — mancano 2 ore.',
    },
  },
  amount_vote_opened: {
    en: {
      title: 'Vote the monthly amount',
      body: 'A new fund is being set up: say how much each member should put in every round.',
    },
    it: {
      title: "Vota l'importo mensile",
      body: 'Si sta creando un nuovo fondo: indica quanto dovrebbe versare ogni membro a ogni turno.',
    },
  },
  confirmation_needed: {
    en: {
      title: 'Accept the amount',
      body: 'The group voted the monthly amount. Accept it, or refuse it with a reason, within 24 hours.',
    },
    it: {
      title: "Accetta l'importo",
      body: "Il gruppo ha votato l'importo mensile. Accettalo, o rifiutalo con un motivo, entro 24 ore.",
    },
  },
  dismissal_to_acknowledge: {
    en: {
      title: 'Amount refused',
      body: '{{member}} refused the amount. Read the reason and acknowledge it: voting then starts again.',
    },
    it: {
      title: 'Importo rifiutato',
      body: "{{member}} ha rifiutato l'importo. Leggi il motivo e prendine visione: poi la votazione riparte.",
    },
  },
  withdrawal_ready: {
    en: {
      title: 'You can withdraw',
      body: 'Everyone has contributed: the fund is ready for you to withdraw.',
    },
    it: { title: 'Puoi prelevare', body: 'Tutti hanno contribuito: il fondo è pronto per il tuo prelievo.' },
  },
  request_completed: {
    en: {
      title: 'Request completed',
      body: 'A funding request reached its target. Thank you to everyone who contributed.',
    },
    it: {
      title: 'Richiesta completata',
      body: "Una richiesta di aiuto ha raggiunto l'obiettivo. Grazie a chi ha contribuito.",
    },
  },
  request_contribution_lost: {
    en: {
      title: 'A contribution did not go through',
      body: "{{member}}'s contribution to your request did not go through, so it no longer counts toward it or its payout. What the others gave is not affected.",
    },
    it: {
      title: 'Un contributo non è andato a buon fine',
      body: 'Il contributo di {{member}} alla tua richiesta non è andato a buon fine e non conta più, né per la richiesta né per il suo pagamento. Quanto dato dagli altri non cambia.',
    },
  },
  request_payout_failed: {
    en: {
      title: 'Payout not made',
      body: "The payout of your funding request did not go through; the money waits for you. Check your payout account in Account, then retry the payout on the request's page.",
    },
    it: {
      title: 'Erogazione non riuscita',
      body: "L'erogazione della tua richiesta di aiuto non è andata a buon fine; il denaro ti aspetta. Controlla il conto per ricevere i pagamenti in Account, poi riprova l'erogazione dalla pagina della richiesta.",
    },
  },
  debt_repayment_unanswered: {
    en: {
      title: 'A repayment waits for your answer',
      body: '{{member}} said days ago that they repaid you by hand. Confirm it if the money came, or say it did not: until you answer, they can neither pay you through the app nor close the debt.',
    },
    it: {
      title: 'Una restituzione aspetta la tua risposta',
      body: "{{member}} ha detto giorni fa di averti restituito il denaro a mano. Confermalo se è arrivato, oppure segnala che non è arrivato: finché non rispondi, non può né pagarti tramite l'app né chiudere il debito.",
    },
  },
  debt_forgiven: {
    en: {
      title: 'A debt written off',
      body: '{{member}} closed their account, so the debt for the contribution they covered for you is written off. You owe nothing more for it.',
    },
    it: {
      title: 'Debito annullato',
      body: '{{member}} ha chiuso il proprio account: il debito per il contributo che ti aveva coperto è annullato e non devi più nulla.',
    },
  },
  request_contribution_refunded: {
    en: {
      title: 'Your contribution is coming back',
      body: "{{member}}'s funding request was cancelled or ended without a payout, so what you gave to it is given back to you, the way you paid it.",
    },
    it: {
      title: 'Il tuo contributo ti viene restituito',
      body: 'La richiesta di aiuto di {{member}} è stata annullata o si è chiusa senza erogazione: quanto hai dato ti viene restituito, con lo stesso mezzo con cui hai pagato.',
    },
  },
  request_payment_failed: {
    en: {
      title: 'Contribution not made',
      body: "Your contribution to {{member}}'s request did not go through, so it does not count; anything charged is given back. If the request is still open, you can contribute again.",
    },
    it: {
      title: 'Contributo non riuscito',
      body: 'Il tuo contributo alla richiesta di {{member}} non è andato a buon fine e non conta; quanto eventualmente addebitato ti viene restituito. Se la richiesta è ancora aperta, puoi contribuire di nuovo.',
    },
  },
  swap_requested: {
    en: {
      title: 'Swap turns?',
      body: '{{member}} asks to swap turns with you. Accept or decline it in the fund.',
    },
    it: {
      title: 'Scambiare il turno?',
      body: '{{member}} ti chiede di scambiare il turno. Accetta o rifiuta nel fondo.',
    },
  },
  swap_accepted: {
    en: {
      title: 'Turns swapped',
      body: 'You and {{member}} have swapped turns. The fund shows the new order.',
    },
    it: {
      title: 'Turni scambiati',
      body: 'Tu e {{member}} avete scambiato il turno. Il fondo mostra il nuovo ordine.',
    },
  },
  swap_declined: {
    en: { title: 'Swap declined', body: '{{member}} declined to swap turns. Your turn stays as it was.' },
    it: {
      title: 'Scambio rifiutato',
      body: '{{member}} ha rifiutato lo scambio del turno. Il tuo turno resta invariato.',
    },
  },
  swap_lapsed: {
    en: {
      title: 'Swap request lapsed',
      body: 'Your request to swap turns with {{member}} lapsed unanswered: it can no longer be done, as one of the two turns began or the rotation changed. Your turn stays as it was.',
    },
    it: {
      title: 'Richiesta di scambio decaduta',
      body: 'La tua richiesta di scambiare il turno con {{member}} è decaduta senza risposta: non si può più fare, perché uno dei due turni è cominciato o la rotazione è cambiata. Il tuo turno resta invariato.',
    },
  },
  swap_lapsed_asked: {
    en: {
      title: 'Swap request lapsed',
      body: '{{member}} asked to swap turns with you, and the request lapsed before you answered: one of the two turns began or the rotation changed. Your turn stays as it was.',
    },
    it: {
      title: 'Richiesta di scambio decaduta',
      body: 'La richiesta di {{member}} di scambiare il turno con te è decaduta prima della tua risposta: uno dei due turni è cominciato o la rotazione è cambiata. Il tuo turno resta invariato.',
    },
  },
  contribution_covered: {
    en: {
      title: 'Your contribution was covered',
      body: '{{member}} paid your contribution for this round. You will owe them the amount once the round is paid out, and can repay it from Giro then.',
    },
    it: {
      title: 'Il tuo contributo è stato coperto',
      body: '{{member}} ha versato il tuo contributo di questo turno. Glielo dovrai restituire quando il fondo del turno sarà erogato: potrai farlo da Giro.',
    },
  },
  cover_received: {
    en: {
      title: 'A contribution was covered',
      body: '{{member}} paid the contribution of {{covered}} for your round.',
    },
    it: {
      title: 'Un contributo è stato coperto',
      body: '{{member}} ha versato il contributo di {{covered}} per il tuo turno.',
    },
  },
  cover_failed: {
    en: {
      title: 'Your contribution is unpaid again',
      body: "{{member}}'s card payment for your contribution was declined, so it is not paid. Pay it yourself as soon as you can.",
    },
    it: {
      title: 'Il tuo contributo non risulta più versato',
      body: 'Il pagamento con carta di {{member}} per il tuo contributo è stato rifiutato, quindi non risulta versato. Versalo tu appena puoi.',
    },
  },
  cover_payment_failed: {
    en: {
      title: 'Your cover was declined',
      body: "Your card payment for {{covered}}'s contribution was declined, so it is not paid and they owe you nothing. You may cover it again, with another card or another method.",
    },
    it: {
      title: 'La tua copertura è stata rifiutata',
      body: "Il pagamento con carta per il contributo di {{covered}} è stato rifiutato: il contributo non risulta versato e non ti deve nulla. Puoi coprirlo di nuovo, con un'altra carta o un altro metodo.",
    },
  },
  cover_superseded: {
    en: {
      title: 'Your cover no longer counts',
      body: '{{covered}} paid their contribution themselves before the recipient confirmed your cash, so your payment for it no longer counts and they owe you nothing. If you gave the recipient money for it, ask for it back.',
    },
    it: {
      title: 'La tua copertura non conta più',
      body: '{{covered}} ha versato da sé il proprio contributo prima che chi riceve confermasse i tuoi contanti: il tuo pagamento non conta più e non ti deve nulla. Se hai già dato il denaro a chi riceve, chiedilo indietro.',
    },
  },
  receipt_to_confirm: {
    en: {
      title: 'Confirm a payment by hand',
      body: '{{member}} says they gave you {{amount}} by hand for this round{{coverOf}}. Confirm it in Giro once you have the money, or say it never came.',
    },
    it: {
      title: 'Conferma un pagamento a mano',
      body: '{{member}} dice di averti dato a mano {{amount}} per questo turno{{coverOf}}. Confermalo in Giro quando hai il denaro, o segnala che non è arrivato.',
    },
  },
  contribution_not_received: {
    en: {
      title: 'Your contribution is unpaid',
      body: '{{member}} says the cash payment declared for your contribution did not reach them, so it does not count and your contribution is unpaid. Open Giro to see what you can do now, or talk to them first.',
    },
    it: {
      title: 'Il tuo contributo non risulta versato',
      body: '{{member}} dice di non aver ricevuto il pagamento in contanti dichiarato per il tuo contributo: non conta e il contributo non risulta versato. Apri Giro per vedere cosa puoi fare ora, o parlane prima con lui o lei.',
    },
  },
  cover_not_received: {
    en: {
      title: 'Your cash cover was not received',
      body: "{{member}} says the cash you declared for {{covered}}'s contribution did not reach them, so it does not count and {{covered}} owes you nothing. If you did give it, talk to {{member}}.",
    },
    it: {
      title: 'La tua copertura in contanti non è arrivata',
      body: '{{member}} dice di non aver ricevuto i contanti che hai dichiarato per il contributo di {{covered}}: non contano e {{covered}} non ti deve nulla. Se li hai dati, parlane con {{member}}.',
    },
  },
  cover_cancelled: {
    en: {
      title: 'Your contribution is unpaid again',
      body: '{{member}} took back the cash payment they declared for your contribution, so it is not paid. Open Giro to see what you can do now, or talk to them first.',
    },
    it: {
      title: 'Il tuo contributo non risulta più versato',
      body: '{{member}} ha ritirato il pagamento in contanti che aveva dichiarato per il tuo contributo, quindi non risulta versato. Apri Giro per vedere cosa puoi fare ora, o parlane prima con lui o lei.',
    },
  },
  declaration_cancelled: {
    en: {
      title: 'A payment by hand was cancelled',
      body: '{{member}} cancelled a cash payment they had declared to you this round, so it no longer counts. If you did receive the cash, talk to them.',
    },
    it: {
      title: 'Un pagamento a mano è stato annullato',
      body: '{{member}} ha annullato un pagamento in contanti che ti aveva dichiarato per questo turno, quindi non conta più. Se hai ricevuto i contanti, parlane con lui o lei.',
    },
  },
  debt_repayment_declared: {
    en: {
      title: 'Confirm a repayment',
      body: '{{member}} says they paid you back {{amount}}. Confirm it in Giro once you have the money.',
    },
    it: {
      title: 'Conferma una restituzione',
      body: '{{member}} dice di averti restituito {{amount}}. Confermalo in Giro quando hai ricevuto il denaro.',
    },
  },
  debt_repayment_not_received: {
    en: {
      title: 'Repayment not received',
      body: '{{member}} says your repayment has not reached them. The debt is open again: repay it, or talk to them first.',
    },
    it: {
      title: 'Restituzione non ricevuta',
      body: '{{member}} dice di non aver ricevuto la tua restituzione. Il debito è di nuovo aperto: restituiscilo, o parlane prima con lui o lei.',
    },
  },
  debt_settled: {
    en: { title: 'Debt settled', body: 'Your debt to {{member}} is settled: you owe them nothing more.' },
    it: { title: 'Debito saldato', body: 'Il tuo debito con {{member}} è saldato: non devi più nulla.' },
  },
  debt_due: {
    en: {
      title: 'Time to repay',
      body: 'The round has been paid out: you now owe {{member}} {{amount}}, the contribution they covered for you. Repay it from the home screen of Giro.',
    },
    it: {
      title: 'È ora di restituire',
      body: 'Il fondo del turno è stato erogato: ora devi restituire {{amount}} a {{member}}, che ha coperto il tuo contributo. Fallo dalla home di Giro.',
    },
  },
  debt_repaid_to_you: {
    en: {
      title: 'Repayment received',
      body: '{{member}} repaid you {{amount}} through Giro: the money is on its way to your payout account.',
    },
    it: {
      title: 'Restituzione ricevuta',
      body: '{{member}} ti ha restituito {{amount}} tramite Giro: il denaro arriva sul tuo conto per i pagamenti.',
    },
  },
  debt_payment_failed: {
    en: {
      title: 'Repayment not made',
      body: 'Your repayment to {{member}} did not go through; anything charged is given back. The debt is still open: repay it again, another way if you like.',
    },
    it: {
      title: 'Restituzione non riuscita',
      body: 'La tua restituzione a {{member}} non è andata a buon fine; quanto eventualmente addebitato ti viene restituito. Il debito resta aperto: restituiscilo di nuovo, anche in un altro modo.',
    },
  },
  payment_confirmation_required: {
    en: {
      title: 'Confirm your card payment',
      body: 'Your bank asks you to confirm this payment. Confirm it within 30 minutes from your dashboard, or the contribution will be taken back.',
    },
    it: {
      title: 'Conferma il pagamento con carta',
      body: 'La tua banca chiede di confermare questo pagamento. Confermalo entro 30 minuti dalla dashboard, altrimenti il contributo verrà annullato.',
    },
  },
};

const fallbacks: Record<Language, { member: string; recipient: string; amount: string }> = {
  en: { member: 'A member', recipient: 'the recipient', amount: 'what they owed' },
  it: { member: 'Un membro', recipient: 'chi riceve', amount: 'il dovuto' },
};

/** The placeholders a notice's text may use: those its default texts use. */
export function noticePlaceholders(type: NotificationType): string[] {
  const { en, it } = noticeTemplates[type];
  const used = `${en.title} ${en.body} ${it.title} ${it.body}`.matchAll(/\{\{(\w+)\}\}/g);
  return [...new Set([...used].map((match) => match[1]!))];
}

/** A value, and the word before it that may have to follow it: "a", an Italian article. */
const BEFORE_A_VALUE = new RegExp(
  `(\\b(?:a|${ITALIAN_ARTICLES.flatMap((a) => [a, a.charAt(0).toUpperCase() + a.slice(1)]).join('|')}) )?\\{\\{(\\w+)\\}\\}`,
  'g',
);

/**
 * The template with its values, and the Italian word before a value as the value asks: "ad"
 * before a word that begins with a ("ad Anna", never "a Anna"), as the web's {{name, a}} does; an
 * article elided before a day said with a vowel ("entro l'8 dicembre", never "entro il 8"), as
 * the web's {{date, il}} does. An admin's own text gets the same, since it writes "il {{until}}".
 */
const fill = (text: string, vars: Record<string, string>, language: Language) =>
  text.replace(BEFORE_A_VALUE, (_, before: string | undefined, key: string) => {
    const value = vars[key] ?? '';
    if (!before) return value;
    const word = before.trimEnd();
    if (language !== 'it') return `${before}${value}`;
    if (word === 'a') return withItalianA(value);
    return withItalianArticle(word, value);
  });

/** A notification in the reader's language, from the admin's text when there is one. */
export function renderNotification(
  type: NotificationType,
  data: NotificationData,
  language: Language,
  overrides?: NoticeOverrides,
  /** The reader's (notification preferences); Rome's for a member who never chose one. */
  timeZone: string = ROME,
): NoticeText {
  const template = overrides?.get(`${type}/${language}`) ?? noticeTemplates[type][language];
  const vars = {
    member: data.memberName ?? fallbacks[language].member,
    covered: data.coveredName ?? fallbacks[language].member,
    amount:
      data.amountCents === undefined
        ? fallbacks[language].amount
        : formatEuro(data.amountCents, language === 'it' ? 'it-IT' : 'en-GB'),
    recipient: data.recipientName ?? fallbacks[language].recipient,
    until: when(data.until, language, timeZone),
    strikes: String(data.strikes ?? 2),
    paid: paidClause(data, language),
    coverOf: coverClause(data, language),
    request: requestClause(data, language),
    back: backClause(data, language, type === 'turn_passed'),
    next: nextClause(data, language),
  };
  const body = fill(template.body, vars, language);
  // A reminder's body may begin with a clause that is absent ("Anna has paid; il fondo…").
  return { title: fill(template.title, vars, language), body: body.charAt(0).toUpperCase() + body.slice(1) };
}

/**
 * The screen that acts on each notification (issue 13): the account's payout panel, the
 * requests, the home (a card payment to confirm: its banner is on every page), else the fund.
 */
const contributionReminders: readonly NotificationType[] = [
  'contribution_window_open',
  'contribution_due_24h',
  'contribution_due_2h',
];

export function notificationLink(type: NotificationType, data: NotificationData = {}): string {
  if (type === 'payout_account_required') return '/account#payout-account';
  // The home of someone in no family: what waits for them, and the way into another.
  if (type === 'you_were_expelled') return '/';
  // Its page, not the list: an owner no longer in the family still retries there (ADR 0057); a
  // request opened, its page to give to it.
  if ((type === 'request_payout_failed' || type === 'request_activated') && data.requestId)
    return `/requests/${data.requestId}`;
  if (
    type === 'request_activated' ||
    type === 'request_completed' ||
    type === 'request_payment_failed' ||
    type === 'request_contribution_lost' ||
    type === 'request_payout_failed' ||
    type === 'request_contribution_refunded'
  )
    return '/requests';
  // A debt to confirm or one settled: the home shows debts first thing.
  if (
    type === 'debt_repayment_declared' ||
    type === 'debt_repayment_not_received' ||
    type === 'debt_settled' ||
    type === 'debt_repaid_to_you' ||
    type === 'debt_due' ||
    type === 'debt_forgiven' ||
    type === 'debt_repayment_unanswered' ||
    type === 'contribution_covered' ||
    type === 'cover_failed' ||
    type === 'contribution_not_received' ||
    type === 'cover_cancelled' ||
    type === 'receipt_to_confirm'
  )
    return '/';
  // A payment to confirm or to make: the home's Now card does it first thing.
  if (type === 'payment_confirmation_required' || contributionReminders.includes(type)) return '/';
  return '/fund';
}
