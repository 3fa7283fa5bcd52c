import type { Language } from '@giro/contract/errors';
import type { NotificationType } from '@giro/contract/notifications';

/** The facts a notification's text may name; stored with it, rendered in the reader's language. */
export interface NotificationData {
  memberName?: string;
  until?: string;
  strikes?: number;
  /** A contribution reminder's: whose turn it is and who has paid already. */
  recipientName?: string;
  paidNames?: string[];
}

type Text = (data: NotificationData) => { title: string; body: string };

// Made once: a formatter costs far more to build than to use (a reminder to 10,000 members).
const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  it: new Intl.DateTimeFormat('it-IT', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Rome' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Rome' }),
};
const listFormats: Record<Language, Intl.ListFormat> = {
  it: new Intl.ListFormat('it', { type: 'conjunction' }),
  en: new Intl.ListFormat('en', { type: 'conjunction' }),
};

const when = (iso: string | undefined, language: Language) =>
  iso ? dateFormats[language].format(new Date(iso)) : '';

const names = (list: string[] | undefined, language: Language) => listFormats[language].format(list ?? []);

/** "Anna and Bruno have paid; " — what the family sees, when someone has. */
const paidClause = (d: NotificationData, language: Language) => {
  const paid = d.paidNames ?? [];
  if (paid.length === 0) return '';
  if (language === 'it') return `${names(paid, 'it')} ${paid.length === 1 ? 'ha' : 'hanno'} pagato; `;
  return `${names(paid, 'en')} ${paid.length === 1 ? 'has' : 'have'} paid; `;
};

const texts: Record<Language, Record<NotificationType, Text>> = {
  en: {
    contribution_timeout: () => ({
      title: 'Contribution missed',
      body: 'The contribution window closed before your payment arrived. The group is voting on what happens next.',
    }),
    fallback_vote: (d) => ({
      title: 'Emergency vote',
      body: `${d.memberName ?? 'A member'} has not contributed. Vote: wait, skip or expel.`,
    }),
    extension_granted: (d) => ({
      title: 'Extension granted',
      body: `The group gave you 24 more hours to contribute, until ${d.until ?? ''}.`,
    }),
    contribution_skipped: () => ({
      title: 'Contribution skipped',
      body: 'You were skipped for this round: the recipient receives the others’ contributions.',
    }),
    member_expelled: (d) => ({
      title: 'Member expelled',
      body: `${d.memberName ?? 'A member'} was removed from the organization by the group's vote.`,
    }),
    strike_warning: (d) => ({
      title: 'Strike warning',
      body: `You have ${d.strikes ?? 2} strikes for missed contributions. At 3 you are at risk of expulsion.`,
    }),
    confirmation_timeout: () => ({
      title: 'Amount accepted',
      body: 'You did not answer in 24 hours, so the amount counts as accepted.',
    }),
    dismissal_acknowledgment_timeout: () => ({
      title: 'Dismissal acknowledged',
      body: 'You did not acknowledge the dismissal in 24 hours, so it counts as acknowledged and voting restarts.',
    }),
    fund_activated: () => ({
      title: 'Fund active',
      body: 'Everyone accepted the amount: the rotation order is drawn. Vote the withdrawal date.',
    }),
    your_turn: () => ({
      title: 'Your turn',
      body: 'You are this round’s recipient. You can withdraw as soon as everyone has contributed.',
    }),
    payout_account_required: (d) => ({
      title: 'Connect a payout account',
      body: `Connect a payment account in your settings by ${d.until ?? ''} to receive the fund, or the round moves on.`,
    }),
    request_activated: () => ({
      title: 'Request active',
      body: 'A funding request is now open for contributions.',
    }),
    payment_failed: () => ({
      title: 'Payment failed',
      body: 'Your card payment was declined, so your contribution was not made. Please pay again, with another card or another method.',
    }),
    contribution_window_open: (d) => ({
      title: 'Time to contribute',
      body: `The contribution window is open until ${d.until ?? ''}: ${d.recipientName ?? 'the recipient'}'s pot waits for you.`,
    }),
    contribution_due_24h: (d) => ({
      title: '24 hours left to contribute',
      body: `${paidClause(d, 'en')}${d.recipientName ?? 'the recipient'}'s pot waits for you. The window closes ${d.until ?? ''}.`,
    }),
    contribution_due_2h: (d) => ({
      title: '2 hours left to contribute',
      body: `${paidClause(d, 'en')}${d.recipientName ?? 'the recipient'}'s pot waits for you — 2 h left.`,
    }),
    amount_vote_opened: () => ({
      title: 'Vote the monthly amount',
      body: 'A new fund is being set up: say how much each member should put in every round.',
    }),
    confirmation_needed: () => ({
      title: 'Accept the amount',
      body: 'The group voted the monthly amount. Accept it, or refuse it with a reason, within 24 hours.',
    }),
    dismissal_to_acknowledge: (d) => ({
      title: 'Amount refused',
      body: `${d.memberName ?? 'A member'} refused the amount. Read the reason and acknowledge it: voting then starts again.`,
    }),
    withdrawal_ready: () => ({
      title: 'You can withdraw',
      body: 'Everyone has contributed: the fund is ready for you to withdraw.',
    }),
    request_completed: () => ({
      title: 'Request completed',
      body: 'A funding request reached its target. Thank you to everyone who contributed.',
    }),
    payment_confirmation_required: () => ({
      title: 'Confirm your card payment',
      body: 'Your bank asks you to confirm this payment. Confirm it within 30 minutes from your dashboard, or the contribution will be taken back.',
    }),
  },
  it: {
    contribution_timeout: () => ({
      title: 'Contributo mancato',
      body: 'La finestra dei contributi si è chiusa prima del tuo pagamento. Il gruppo sta votando cosa fare.',
    }),
    fallback_vote: (d) => ({
      title: 'Votazione di emergenza',
      body: `${d.memberName ?? 'Un membro'} non ha contribuito. Vota: attendere, saltare o espellere.`,
    }),
    extension_granted: (d) => ({
      title: 'Proroga concessa',
      body: `Il gruppo ti ha concesso 24 ore in più per contribuire, fino al ${d.until ?? ''}.`,
    }),
    contribution_skipped: () => ({
      title: 'Contributo saltato',
      body: 'Sei stato saltato per questo turno: il beneficiario riceve i contributi degli altri.',
    }),
    member_expelled: (d) => ({
      title: 'Membro espulso',
      body: `${d.memberName ?? 'Un membro'} è stato rimosso dall'organizzazione con il voto del gruppo.`,
    }),
    strike_warning: (d) => ({
      title: 'Avviso di penalità',
      body: `Hai ${d.strikes ?? 2} penalità per contributi mancati. A 3 rischi l'espulsione.`,
    }),
    confirmation_timeout: () => ({
      title: 'Importo accettato',
      body: "Non hai risposto entro 24 ore, quindi l'importo risulta accettato.",
    }),
    dismissal_acknowledgment_timeout: () => ({
      title: 'Rifiuto preso visione',
      body: 'Non hai preso visione del rifiuto entro 24 ore: risulta fatto e la votazione riparte.',
    }),
    fund_activated: () => ({
      title: 'Fondo attivo',
      body: "Tutti hanno accettato l'importo: l'ordine di rotazione è estratto. Vota la data di prelievo.",
    }),
    your_turn: () => ({
      title: 'È il tuo turno',
      body: 'Sei il beneficiario di questo turno. Puoi prelevare appena tutti hanno contribuito.',
    }),
    payout_account_required: (d) => ({
      title: 'Collega un conto per i pagamenti',
      body: `Collega un conto di pagamento nelle impostazioni entro il ${d.until ?? ''} per ricevere il fondo, altrimenti il turno passa al successivo.`,
    }),
    request_activated: () => ({
      title: 'Richiesta attiva',
      body: 'Una richiesta di finanziamento è aperta ai contributi.',
    }),
    payment_failed: () => ({
      title: 'Pagamento non riuscito',
      body: 'Il pagamento con carta è stato rifiutato, quindi il contributo non è stato versato. Paga di nuovo, con un’altra carta o un altro metodo.',
    }),
    contribution_window_open: (d) => ({
      title: 'È ora di contribuire',
      body: `La finestra dei contributi è aperta fino al ${d.until ?? ''}: il fondo di ${d.recipientName ?? 'chi riceve'} ti aspetta.`,
    }),
    contribution_due_24h: (d) => ({
      title: 'Mancano 24 ore per contribuire',
      body: `${paidClause(d, 'it')}il fondo di ${d.recipientName ?? 'chi riceve'} ti aspetta. La finestra si chiude il ${d.until ?? ''}.`,
    }),
    contribution_due_2h: (d) => ({
      title: 'Mancano 2 ore per contribuire',
      body: `${paidClause(d, 'it')}il fondo di ${d.recipientName ?? 'chi riceve'} ti aspetta — mancano 2 ore.`,
    }),
    amount_vote_opened: () => ({
      title: "Vota l'importo mensile",
      body: 'Si sta creando un nuovo fondo: indica quanto dovrebbe versare ogni membro a ogni turno.',
    }),
    confirmation_needed: () => ({
      title: "Accetta l'importo",
      body: "Il gruppo ha votato l'importo mensile. Accettalo, o rifiutalo con un motivo, entro 24 ore.",
    }),
    dismissal_to_acknowledge: (d) => ({
      title: 'Importo rifiutato',
      body: `${d.memberName ?? 'Un membro'} ha rifiutato l'importo. Leggi il motivo e prendine visione: poi la votazione riparte.`,
    }),
    withdrawal_ready: () => ({
      title: 'Puoi prelevare',
      body: 'Tutti hanno contribuito: il fondo è pronto per il tuo prelievo.',
    }),
    request_completed: () => ({
      title: 'Richiesta completata',
      body: "Una richiesta di finanziamento ha raggiunto l'obiettivo. Grazie a chi ha contribuito.",
    }),
    payment_confirmation_required: () => ({
      title: 'Conferma il pagamento con carta',
      body: 'La tua banca chiede di confermare questo pagamento. Confermalo entro 30 minuti dalla dashboard, altrimenti il contributo verrà annullato.',
    }),
  },
};

export function renderNotification(type: NotificationType, data: NotificationData, language: Language) {
  const { title, body } = texts[language][type]({ ...data, until: when(data.until, language) || data.until });
  // A reminder's body may begin with a clause that is absent ("Anna has paid; il fondo…").
  return { title, body: body.charAt(0).toUpperCase() + body.slice(1) };
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

export function notificationLink(type: NotificationType): string {
  if (type === 'payout_account_required') return '/account#payout-account';
  if (type === 'request_activated' || type === 'request_completed') return '/requests';
  // A payment to confirm or to make: the home's Now card does it first thing.
  if (type === 'payment_confirmation_required' || contributionReminders.includes(type)) return '/';
  return '/fund';
}
