import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Every form has a story: codegen writes one per UI schema into generated/stories (empty, filled and
 * error states from the schema), and hand-written stories of engine pieces live in stories/.
 */
const config: StorybookConfig = {
  stories: [
    { directory: '../generated/stories', files: '*.stories.tsx', titlePrefix: 'Forms' },
    { directory: '../stories', files: '**/*.stories.tsx' },
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};

export default config;
