/**
 * The address of a client module's embedded frame: the module's URL (absolute, or relative to the
 * console) with the current web token as the query parameter `token` (spec part 1 §7 GetIFrameInfo).
 * Other query parameters of the URL stay; a `token` already there is replaced.
 */
export function frameUrl(url: string, token: string, origin: string): string {
  const address = new URL(url, origin);
  address.searchParams.set('token', token);
  return address.toString();
}
