import { readdirSync } from 'node:fs';
import path from 'node:path';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';

setProjectAnnotations(preview);

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>('../../generated/stories/*.stories.tsx', { eager: true });
const engineStories = import.meta.glob<StoryModule>('../../stories/**/*.stories.tsx', { eager: true });

function uiSchemas(dir = 'schemas'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return uiSchemas(full);
    return entry.name.endsWith('.ui.json') ? [full] : [];
  });
}

describe('Storybook: every form has its stories, and every story renders', () => {
  it('has one story module per UI schema (a form without a story fails here)', () => {
    expect(Object.keys(modules).length).toBe(uiSchemas().length);
    expect(Object.keys(modules).length).toBeGreaterThan(0);
  });

  for (const [file, module] of Object.entries(engineStories)) {
    describe(path.basename(file), () => {
      for (const [name, Story] of Object.entries(composeStories(module)) as Array<
        [string, React.ComponentType]
      >) {
        it(`${name} renders`, () => {
          const { container } = render(<Story />);
          expect(container.firstChild).not.toBeNull();
        });
      }
    });
  }

  for (const [file, module] of Object.entries(modules)) {
    const stories = composeStories(module);
    describe(path.basename(file), () => {
      for (const [name, Story] of Object.entries(stories) as Array<[string, React.ComponentType]>) {
        it(`${name} renders`, async () => {
          const { container } = render(<Story />);
          await screen.findAllByRole('textbox', {}, { timeout: 3000 }).catch(() => []);
          expect(container.querySelector('.schema-form')).not.toBeNull();
          if (name === 'Errors')
            expect(container.querySelectorAll('.field__error').length).toBeGreaterThan(0);
          if (name === 'Empty') expect(container.querySelectorAll('.field__error').length).toBe(0);
        });
      }
    });
  }
});
