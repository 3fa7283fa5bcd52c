/**
 * The member this browser's push subscription was last made for: a browser moves to whoever
 * subscribes on it. Its own module: the sign-in and sign-out read it (features/auth) without
 * carrying the rest of push (./push).
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
