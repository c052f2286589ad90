/** The only routes an unauthenticated visitor may open (spec part 1 §2 'Navigation rules'). */
export const publicPaths = ['/login', '/request-password', '/reset-password', '/confirm-email'] as const;

/**
 * Public screens that open signed in too: the link confirming a new e-mail address (issue 29 point 2)
 * may be opened in a browser where its user, or someone else, is signed in, and must confirm there.
 */
export const openSignedIn = ['/confirm-email'] as const;
