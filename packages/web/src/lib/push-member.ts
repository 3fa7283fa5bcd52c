/**
 * The member this browser's push subscription was last made for: a browser moves to whoever
 * subscribes on it. A module of its own, small: every sign-in reads it (features/auth) to know
 * whether the push side (./browser-push) needs loading at all.
 */
const MEMBER_KEY = 'giro.pushMember';

export const pushedMember = (): string | null => {
  try {
    return localStorage.getItem(MEMBER_KEY);
  } catch {
    return null;
  }
};

export const rememberPushedMember = (userId: string | null) => {
  try {
    if (userId) localStorage.setItem(MEMBER_KEY, userId);
    else localStorage.removeItem(MEMBER_KEY);
  } catch {
    // private mode: the state shows "off" next time, and turning on again fixes it
  }
};
