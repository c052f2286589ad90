/** The first part of PostgreSQL's version() ("PostgreSQL 16.4"), without the build details after " on ". */
export const versionLine = (version: string | undefined) => (version ?? '').split(' on ')[0]?.trim() ?? '';
