/** The only routes an unauthenticated visitor may open (spec part 1 §2 'Navigation rules'). */
export const publicPaths = ['/login', '/request-password', '/reset-password'] as const;
