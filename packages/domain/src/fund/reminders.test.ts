import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FundHarness } from './fund-harness.test-support';
import {
  addedReminderMoments,
  dueReminder,
  nextReminderAt,
  reminderMoments,
  stillToRemind,
} from './reminders';
import { DAY_MS, HOUR_MS } from './rules';

const members = ['anna', 'bruno', 'carla', 'dario'];

function openRound() {
  const h = new FundHarness();
  h.activeWith(members);
  const round = h.state.round!;
  return { h, round };
}

describe('who a reminder is still for (its alert goes once not)', () => {
  it('an unpaid payer of a collecting round; not the recipient, nor a payer who declared a manual payment', () => {
    const { h, round } = openRound();
    h.openWindow();
    const [payer, other] = members.filter((m) => m !== round.recipientId) as [string, string];
    expect(stillToRemind(h.state, payer)).toBe(true);
    expect(stillToRemind(h.state, round.recipientId)).toBe(false);
    expect(stillToRemind(h.state, 'nobody')).toBe(false);
    h.run({ type: 'Contribute', userId: payer, contributionId: 'c1', method: 'manual' });
    expect(stillToRemind(h.state, payer)).toBe(false);
    expect(stillToRemind(h.state, other)).toBe(true);
  });
});

describe('reminders: the window opens, 24 h and 2 h before it closes, to the unpaid payers', () => {
  it('a collecting round has three moments, in order', () => {
    const { h, round } = openRound();
    expect(reminderMoments(h.state)).toEqual([
      { occasion: 'contribution_window_open', at: round.windowOpensAt },
      { occasion: 'contribution_due_24h', at: round.withdrawalAt - DAY_MS },
      { occasion: 'contribution_due_2h', at: round.withdrawalAt - 2 * HOUR_MS },
    ]);
    expect(nextReminderAt(h.state, null)).toBe(round.windowOpensAt);
    expect(nextReminderAt(h.state, round.windowOpensAt)).toBe(round.withdrawalAt - DAY_MS);
    expect(nextReminderAt(h.state, round.withdrawalAt)).toBeNull();
  });

  it('nothing is due before the window opens', () => {
    const { h, round } = openRound();
    expect(dueReminder(h.state, null, round.windowOpensAt - 1)).toBeNull();
  });

  it('the window opening reaches every payer and never the recipient', () => {
    const { h, round } = openRound();
    const due = dueReminder(h.state, null, round.windowOpensAt)!;
    expect(due.occasion).toBe('contribution_window_open');
    expect(due.memberIds.sort()).toEqual(members.filter((m) => m !== round.recipientId).sort());
    expect(due.closesAt).toBe(round.withdrawalAt);
  });

  it('2 h before the close only the unpaid hear of it (a declared manual payment is paid)', () => {
    const { h, round } = openRound();
    h.openWindow();
    const payer = members.find((m) => m !== round.recipientId)!;
    h.run({ type: 'Contribute', userId: payer, contributionId: 'c1', method: 'manual' });
    const at = round.withdrawalAt - 2 * HOUR_MS;
    const due = dueReminder(h.state, round.withdrawalAt - DAY_MS, at)!;
    expect(due.occasion).toBe('contribution_due_2h');
    expect(due.memberIds).not.toContain(payer);
    expect(due.memberIds).not.toContain(round.recipientId);
    expect(due.memberIds).toHaveLength(2);
    expect(due.paidIds).toEqual([payer]);
  });

  it('once everyone has paid, the round has no reminders left', () => {
    const { h } = openRound();
    h.contributeAll('card');
    expect(reminderMoments(h.state)).toEqual([]);
    expect(nextReminderAt(h.state, null)).toBeNull();
  });

  it('after a pause only the latest moment is given, and nothing once the window closed', () => {
    const { h, round } = openRound();
    expect(dueReminder(h.state, null, round.withdrawalAt - HOUR_MS)?.occasion).toBe('contribution_due_2h');
    expect(dueReminder(h.state, null, round.withdrawalAt)).toBeNull();
  });

  it('property: a moment is given once: what is due after `through` never repeats a given one', () => {
    const { h, round } = openRound();
    const span = round.withdrawalAt - round.windowOpensAt + 2 * DAY_MS;
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: span }), { maxLength: 12 }), (offsets) => {
        // The worker looks at these moments, each time from where it last stopped.
        let through: number | null = null;
        const given: string[] = [];
        for (const t of offsets.sort((a, b) => a - b).map((o) => round.windowOpensAt - DAY_MS + o)) {
          const due = dueReminder(h.state, through, t);
          if (due) given.push(due.occasion);
          through = t;
        }
        expect(new Set(given).size).toBe(given.length);
        expect(given.length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

describe('the moments a change adds (what the deadline worker is woken for)', () => {
  it('a round that opens adds its three moments; a contribution in it adds none', () => {
    const { h: opened, round } = openRound();
    // A fund with no round has no moments: the opened round's are all new.
    expect(addedReminderMoments(new FundHarness().state, opened.state)).toEqual([
      round.windowOpensAt,
      round.withdrawalAt - DAY_MS,
      round.withdrawalAt - 2 * HOUR_MS,
    ]);
    opened.openWindow();
    const beforePaying = opened.state;
    const payer = members.find((m) => m !== round.recipientId)!;
    opened.run({ type: 'Contribute', userId: payer, contributionId: 'c1', method: 'manual' });
    expect(opened.state).not.toBe(beforePaying);
    expect(addedReminderMoments(beforePaying, opened.state)).toEqual([]);
  });
});
