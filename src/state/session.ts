import { atom } from 'jotai';
import { type Claims, readClaims } from '../api/claims';
import { readTokens, subscribeTokens } from '../api/tokenStore';

export interface Session {
  token: string | null;
  claims: Claims | null;
}

/**
 * Bumped on every token change. The session is read from local storage on each read, not kept as an
 * initial value, so a store made after logout (App resets the store then) starts from what is stored now.
 */
const tokensVersionAtom = atom(0);
tokensVersionAtom.onMount = (set) => subscribeTokens(() => set((version) => version + 1));

/** The session as stored in local storage; it follows every change, in this tab or another. */
export const sessionAtom = atom<Session>((get) => {
  get(tokensVersionAtom);
  const { token } = readTokens();
  return { token, claims: readClaims(token) };
});

/** Claims when signed in at level 2, else null (spec part 1 §4 'Sign-in': only level 2 counts). */
export const signedInClaimsAtom = atom((get) => {
  const { claims } = get(sessionAtom);
  return claims?.acr === '2' ? claims : null;
});
