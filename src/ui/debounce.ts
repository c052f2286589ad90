/**
 * How long a debounced input waits after typing stops, in one place (spec part 1 §9, part 2 §9): a search
 * or filter typed into (lists, the command palette, the audit trail's user) 200 ms; any other debounced
 * input 250 ms (the default); the password rule on the reset screen 500 ms (part 1 §5 'Account').
 * Nothing in src/ debounces with a delay of its own (tests/unit/debounce.test.ts).
 */
export const SEARCH_DEBOUNCE_MS = 200;
export const DEFAULT_DEBOUNCE_MS = 250;
export const PASSWORD_CHECK_DELAY_MS = 500;
