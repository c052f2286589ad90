import { PGlite } from '@electric-sql/pglite';

let t = Date.now();
const db = await PGlite.create();
await db.exec('create table t(a int)');
const dump = await db.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const d2 = await PGlite.create({ loadDataDir: dump });
console.log('load', Date.now() - t, (await d2.query('select count(*) from t')).rows);
t = Date.now();
const _d3 = await PGlite.create({ loadDataDir: dump });
console.log('load2', Date.now() - t);
