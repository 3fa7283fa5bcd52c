import { describe, expect, it } from 'vitest';
import { passkeyRequests } from './passkey-requests';

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const failure = (name: string, message: string) => Object.assign(new Error(message), { name });

/**
 * The browser as WebAuthn and its library make it (the outside world): a new ceremony aborts the
 * one under way, and the browser refuses a request while another is still pending; an aborted
 * request ends a moment later, not at once (as in Chromium). It records what it was asked.
 */
function fakeBrowser() {
  const log: string[] = [];
  type Request = { autofill: boolean; answer: ReturnType<typeof deferred<string>> };
  let pending: Request | null = null;
  let challenges = 0;
  const who = (request: { autofill: boolean }) => (request.autofill ? 'autofill' : 'button');
  const abort = (request: Request, how: string) => {
    log.push(`${how} ${who(request)}`);
    setTimeout(() => request.answer.reject(failure('AbortError', how)), 0);
  };
  return {
    log,
    pending: () => pending,
    steps: {
      prepare: async () => `challenge-${++challenges}`,
      start(challenge: string, autofill: boolean) {
        if (pending) {
          abort(pending, 'aborted');
          log.push(`refused ${who({ autofill })}: a request is already pending`);
          return Promise.reject(failure('NotAllowedError', 'A request is already pending.'));
        }
        log.push(`${who({ autofill })} asks with ${challenge}`);
        const current: Request = { autofill, answer: deferred<string>() };
        pending = current;
        const ended = () => {
          if (pending === current) pending = null;
        };
        void current.answer.promise.then(ended, ended);
        return current.answer.promise;
      },
      cancel() {
        if (pending) abort(pending, 'cancelled');
      },
      signIn: async (answer: string) => {
        log.push(`signed in with ${answer}`);
        return { member: 'anna', answer };
      },
    },
  };
}

describe('passkey requests: one at a time', () => {
  it('the button ends the autofill’s wait and asks only once it has ended', async () => {
    const browser = fakeBrowser();
    const requests = passkeyRequests(browser.steps);
    const waiting = requests.autofill();
    await settle();
    expect(browser.pending()?.autofill).toBe(true);
    const asked = requests.ask();
    await settle();
    browser.pending()!.answer.resolve('picked in the dialog');
    await expect(asked).resolves.toEqual({ member: 'anna', answer: 'picked in the dialog' });
    await expect(waiting).resolves.toBeNull();
    expect(browser.log).toEqual([
      'autofill asks with challenge-1',
      'cancelled autofill',
      'button asks with challenge-2',
      'signed in with picked in the dialog',
    ]);
  });

  it('an autofill that would start during the button’s request never does (it would abort it)', async () => {
    const browser = fakeBrowser();
    const requests = passkeyRequests(browser.steps);
    const asked = requests.ask();
    // The idle callback fires while the button's challenge is being fetched, and again later.
    const early = requests.autofill();
    await settle();
    const late = requests.autofill();
    await expect(early).resolves.toBeNull();
    await expect(late).resolves.toBeNull();
    browser.pending()!.answer.resolve('from the dialog');
    await expect(asked).resolves.toMatchObject({ answer: 'from the dialog' });
    expect(browser.log).toEqual(['button asks with challenge-1', 'signed in with from the dialog']);
  });

  it('a button pressed while the autofill fetches its challenge: the autofill never asks, the button does not wait', async () => {
    const browser = fakeBrowser();
    // The autofill's challenge is slow to come; the button's comes at once.
    const slow = deferred<string>();
    let prepared = 0;
    const requests = passkeyRequests({
      ...browser.steps,
      prepare: () => (++prepared === 1 ? slow.promise : browser.steps.prepare()),
    });
    const waiting = requests.autofill();
    const asked = requests.ask();
    await settle();
    browser.pending()!.answer.resolve('from the dialog');
    await expect(asked).resolves.toMatchObject({ answer: 'from the dialog' });
    slow.resolve('challenge-late');
    await expect(waiting).resolves.toBeNull();
    expect(browser.log.filter((line) => line.includes('autofill'))).toEqual([]);
  });

  it('a passkey picked in the suggestions as the button is pressed: one sign-in, shared', async () => {
    const browser = fakeBrowser();
    const requests = passkeyRequests(browser.steps);
    const waiting = requests.autofill();
    await settle();
    browser.pending()!.answer.resolve('picked in the suggestions');
    const asked = requests.ask();
    const [byAutofill, byButton] = await Promise.all([waiting, asked]);
    expect(byButton).toBe(byAutofill);
    expect(browser.log.filter((line) => line.startsWith('signed in'))).toEqual([
      'signed in with picked in the suggestions',
    ]);
    expect(browser.log.some((line) => line.startsWith('button asks'))).toBe(false);
  });

  it('a second press joins the first; a closed dialog is the button’s error', async () => {
    const browser = fakeBrowser();
    const requests = passkeyRequests(browser.steps);
    const first = requests.ask();
    expect(requests.ask()).toBe(first);
    await settle();
    browser.pending()!.answer.reject(failure('NotAllowedError', 'closed'));
    await expect(first).rejects.toMatchObject({ name: 'NotAllowedError' });
    // Pressed again, it asks again.
    const again = requests.ask();
    await settle();
    browser.pending()!.answer.resolve('second try');
    await expect(again).resolves.toMatchObject({ answer: 'second try' });
  });

  it('leaving the form ends the autofill’s wait, never the button’s request', async () => {
    const browser = fakeBrowser();
    const requests = passkeyRequests(browser.steps);
    const waiting = requests.autofill();
    await settle();
    requests.leave();
    await expect(waiting).resolves.toBeNull();
    const asked = requests.ask();
    await settle();
    requests.leave();
    expect(browser.pending()?.autofill).toBe(false);
    browser.pending()!.answer.resolve('from the dialog');
    await expect(asked).resolves.toMatchObject({ answer: 'from the dialog' });
    expect(browser.log).toEqual([
      'autofill asks with challenge-1',
      'cancelled autofill',
      'button asks with challenge-2',
      'signed in with from the dialog',
    ]);
  });

  it('a picked passkey the server refuses is an error, not a silent null', async () => {
    const browser = fakeBrowser();
    const requests = passkeyRequests({
      ...browser.steps,
      signIn: async () => {
        throw new Error('PASSKEY_UNKNOWN');
      },
    });
    const waiting = requests.autofill();
    await settle();
    browser.pending()!.answer.resolve('a removed passkey');
    await expect(waiting).rejects.toThrow('PASSKEY_UNKNOWN');
  });
});
