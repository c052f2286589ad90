/** The reset screen checks the password rule this long after typing stops (spec part 1 §5, §9). */
export const PASSWORD_CHECK_DELAY_MS = 500;
