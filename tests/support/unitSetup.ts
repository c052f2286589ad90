import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Shared machines are slow and noisy; waiting longer only costs time when something is wrong.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
