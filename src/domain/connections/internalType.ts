/**
 * The credential type of the server's own database (server/connectors/internal): its documents keep
 * their records in tables of their own, where another database's documents map onto its tables.
 */
export const INTERNAL_TYPE = 'Internal PostgreSQL';
