/** Prints the current two-factor code for a secret: `npm run totp [secret]` (default: the demo admin's). */
import { totpCode } from '../server/auth/totp';
import { configFromEnv } from '../server/config';

const secret = process.argv[2] ?? configFromEnv().admin.totpSecret;
console.log(await totpCode(secret));
