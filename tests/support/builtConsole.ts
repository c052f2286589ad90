import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The end-to-end suite drives the production build; build it when `npm test` has not already. */
export default function setup() {
  if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
}
