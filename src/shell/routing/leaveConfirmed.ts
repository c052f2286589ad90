/**
 * Navigation state saying the user already chose Leave (e.g. in the side menu's confirmation), so the
 * route guard does not ask a second time.
 */
export const LEAVE_CONFIRMED = { leaveConfirmed: true } as const;

export function isLeaveConfirmed(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { leaveConfirmed?: unknown }).leaveConfirmed === true
  );
}
