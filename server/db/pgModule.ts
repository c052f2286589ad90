import type pg from 'pg';

const INT8 = 20;
let loaded: Promise<typeof pg> | undefined;

/**
 * node-postgres, loaded on first use: a server on PGlite (the default) never needs it, and loading it
 * was part of every cold start (issue 20 point 4). Every client it makes — the database's, the write
 * notices', an external connection's — reads int8 as a number.
 */
export function loadPg(): Promise<typeof pg> {
  loaded ??= import('pg').then(({ default: module }) => {
    module.types.setTypeParser(INT8, (value) => Number(value));
    return module;
  });
  return loaded;
}
