import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { fixtureGeneratedPlugin } from './tests/fixtures/fixtureBuild';

/**
 * Three suites, one command (`npm test` runs them all):
 * - unit: rules, catalogue, contract and React units, in jsdom;
 * - server: the reference server against PGlite, and against PostgreSQL when TEST_DATABASE_URL is set;
 * - e2e: the built console in headless Chromium against the built server;
 * - fixtures: the same with the throwaway kinds of tests/fixtures/ added by declarations alone: console
 *   and server are built from generated-fixtures/ (tests/fixtures/fixtureBuild.ts), the product has none.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          setupFiles: ['tests/support/unitSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/pgliteTemplate.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [
            'tests/support/pgliteTemplate.ts',
            'tests/support/builtConsole.ts',
            'tests/support/e2eServerLog.ts',
          ],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        plugins: [fixtureGeneratedPlugin()],
        test: {
          name: 'fixtures',
          environment: 'node',
          include: ['tests/fixtures/**/*.test.ts'],
          globalSetup: ['tests/support/pgliteTemplate.ts', 'tests/fixtures/buildFixtures.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
