import { useEffect, useState } from 'react';

/**
 * `value` once it has not changed for `delayMs`, e.g. the password rule checked 500 ms after typing
 * stops (spec part 1 §5 'Account', §9).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
