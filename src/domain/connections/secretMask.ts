/**
 * What a stored secret looks like on the wire: the server never answers a credential secret in clear,
 * and a save that sends this mask back keeps the stored secret (issue 5; spec part 1 §3 'Connection').
 */
export const SECRET_MASK = '••••••••';
