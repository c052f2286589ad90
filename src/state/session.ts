import { atom } from 'jotai';
import { type Claims, readClaims } from '../api/claims';
import { readTokens, subscribeTokens } from '../api/tokenStore';

export interface Session {
  token: string | null;
  claims: Claims | null;
}

const sessionOf = (): Session => {
  const { token } = readTokens();
  return { token, claims: readClaims(token) };
};

const baseSessionAtom = atom<Session>(sessionOf());
baseSessionAtom.onMount = (set) => {
  // Tokens written before the first subscriber (a fresh store, a test) are read here.
  set(sessionOf());
  return subscribeTokens(() => set(sessionOf()));
};

/** The session as stored in local storage; it follows every change, in this tab or another. */
export const sessionAtom = atom((get) => get(baseSessionAtom));

/** Claims when signed in at level 2, else null (spec part 1 §4 'Sign-in': only level 2 counts). */
export const signedInClaimsAtom = atom((get) => {
  const { claims } = get(baseSessionAtom);
  return claims?.acr === '2' ? claims : null;
});
