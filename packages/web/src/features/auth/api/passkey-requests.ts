/**
 * What a passkey sign-in asks of the browser, step by step: load what is needed and fetch the
 * server's challenge, run the browser's ceremony, send its answer.
 */
export interface PasskeySteps<Prepared, Answer, User> {
  prepare(): Promise<Prepared>;
  /** The browser's ceremony: `autofill` waits for a passkey picked in the username's suggestions. */
  start(prepared: Prepared, autofill: boolean): Promise<Answer>;
  /** Ends the ceremony under way, if any (its `start` then rejects). */
  cancel(): void;
  signIn(answer: Answer): Promise<User>;
}

/**
 * One WebAuthn request at a time. A browser refuses a second request while one is pending, and a
 * new ceremony started beside another aborts it; so:
 * - the autofill's wait never starts while the button's request is under way (it would cut it
 *   short, and neither would sign the member in);
 * - the button ends the autofill's wait and lets it finish before asking. If a passkey had been
 *   picked in the suggestions just then, the button joins that sign-in instead.
 * - leaving the sign-in form ends the autofill's wait, never the button's request.
 */
export function passkeyRequests<Prepared, Answer, User>(steps: PasskeySteps<Prepared, Answer, User>) {
  type Wait = { ending: boolean; asked: boolean; done: Promise<User | null> };
  let waiting: Wait | null = null;
  let asking: Promise<User> | null = null;

  async function waitForAutofill(wait: Wait): Promise<User | null> {
    let answer: Answer;
    try {
      const prepared = await steps.prepare();
      // Checked right before the browser is asked: the button may have come in meanwhile.
      if (wait.ending || asking) return null;
      wait.asked = true;
      answer = await steps.start(prepared, true);
    } catch {
      // Ended by the button or the page, or no passkey here: the form is still there.
      return null;
    }
    // A passkey was picked: a refused sign-in is the member's to see (rejected, not null).
    return steps.signIn(answer);
  }

  /** Resolves to the member signed in by a picked suggestion, or null when ended or not offered. */
  function autofill(): Promise<User | null> {
    if (asking || waiting) return Promise.resolve(null);
    const wait: Wait = { ending: false, asked: false, done: Promise.resolve(null) };
    waiting = wait;
    wait.done = waitForAutofill(wait).finally(() => {
      if (waiting === wait) waiting = null;
    });
    return wait.done;
  }

  async function askNow(): Promise<User> {
    const current = waiting;
    if (current) {
      current.ending = true;
      // Still fetching its challenge, the autofill will not ask the browser: no need to wait.
      if (current.asked) {
        steps.cancel();
        const user = await current.done.catch(() => null);
        if (user) return user;
      }
    }
    const prepared = await steps.prepare();
    return steps.signIn(await steps.start(prepared, false));
  }

  /** The button: the browser's passkey picker, then the sign-in. A second press joins the first. */
  function ask(): Promise<User> {
    if (asking) return asking;
    const request = askNow().finally(() => {
      if (asking === request) asking = null;
    });
    asking = request;
    return request;
  }

  /** The form is gone: its autofill's wait ends (a button's request runs to its end). */
  function leave() {
    if (!waiting || asking) return;
    waiting.ending = true;
    steps.cancel();
  }

  return { autofill, ask, leave };
}
