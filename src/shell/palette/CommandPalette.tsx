import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { callOperation } from '../../api/callOperation';
import { pageActions } from '../../engine/guards/pageActions';
import { t } from '../../messages/t';
import { SEARCH_DEBOUNCE_MS } from '../../ui/debounce';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import type { ModuleRoute } from '../modules/moduleRoutes';
import { useFocusTrap } from '../overlays/useFocusTrap';
import { useOverlayLayer } from '../overlays/useOverlayLayer';
import { type PaletteOption, paletteOptions } from './paletteOptions';
import './palette.css';

/** Ctrl/Cmd+K, without Shift or Alt (issue 10 point 4). */
export const isPaletteKey = (
  event: Pick<globalThis.KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
) => (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k';

/**
 * The command palette (issue 10 point 4): Ctrl/Cmd+K opens it anywhere in the signed-in console. It
 * jumps to a builder the user may read (`routes` are the permitted ones), to an item found by name in
 * any builder the user may read (Items.SearchItems: one call, filtered by permission on the server), or
 * runs the page's actions as its shortcuts declare them (only those the user may do).
 */
export function CommandPalette({ routes }: { routes: readonly ModuleRoute[] }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return open ? <PaletteDialog routes={routes} onClose={() => setOpen(false)} /> : null;
}

const groupLabel = {
  actions: 'palette.group.actions',
  builders: 'palette.group.builders',
  items: 'palette.group.items',
} as const;

function PaletteDialog({ routes, onClose }: { routes: readonly ModuleRoute[]; onClose(): void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const id = useId();
  useOverlayLayer(true, onClose);
  useFocusTrap(dialog, true);
  // The actions of the page as it was when the palette opened (the palette itself is now on top).
  const actions = useMemo(() => pageActions.current(), []);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['palette', 'items', typed.toLowerCase()],
    queryFn: () => callOperation('Items.SearchItems', { query: { Text: typed } }),
    enabled: typed.length > 0,
    staleTime: 10_000,
  });
  const items = typed && typed === text.trim() ? (search.data ?? []) : [];
  const options = paletteOptions(text, { actions, routes, items });
  const current = options[Math.min(active, options.length - 1)];
  const optionId = (option: PaletteOption) => `${id}-${option.id}`;

  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (option: PaletteOption) => {
    onClose();
    // After the palette is gone, so the page is the top layer again and focus is back on it.
    if (option.group === 'actions') setTimeout(option.run);
    else navigate(option.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (active >= last ? 0 : active + 1),
      ArrowUp: () => (active <= 0 ? last : active - 1),
      Home: () => 0,
      End: () => last,
    };
    const move = moves[event.key];
    if (move && options.length > 0) {
      event.preventDefault();
      setActive(move());
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      choose(current);
    }
  };

  const groups = (['actions', 'builders', 'items'] as const)
    .map((group) => ({ group, options: options.filter((option) => option.group === group) }))
    .filter((entry) => entry.options.length > 0);
  const searching = typed.length > 0 && (search.isFetching || typed !== text.trim());
  const status = searching
    ? t('palette.searching')
    : search.isError
      ? t('palette.searchFailed')
      : options.length === 0
        ? t('palette.empty')
        : '';

  return (
    <div className="dialog-backdrop palette-backdrop" role="presentation">
      {/* Clicking beside the palette closes it; keyboard users have Escape. */}
      <button
        type="button"
        className="palette__dismiss"
        tabIndex={-1}
        aria-label={t('dialog.cancel')}
        onClick={onClose}
      />
      <div ref={dialog} className="palette" role="dialog" aria-modal="true" aria-label={t('palette.title')}>
        <input
          data-autofocus
          className="palette__input"
          role="combobox"
          aria-label={t('palette.title')}
          aria-expanded={options.length > 0}
          aria-controls={`${id}-listbox`}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(current) : undefined}
          placeholder={t('palette.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="palette__list" id={`${id}-listbox`} role="listbox" aria-label={t('palette.title')}>
          {groups.map(({ group, options: entries }) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group"; a fieldset is no listbox child.
            <div key={group} role="group" aria-label={t(groupLabel[group])}>
              <div className="palette__group" aria-hidden="true">
                {t(groupLabel[group])}
              </div>
              {entries.map((option) => (
                <div
                  key={option.id}
                  id={optionId(option)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={option === current}
                  className={`palette__option${option === current ? ' palette__option--active' : ''}`}
                  onMouseMove={() => setActive(options.indexOf(option))}
                  onClick={() => choose(option)}
                  onKeyDown={() => undefined}
                >
                  <span className="palette__label">{option.label}</span>
                  {option.group !== 'actions' && <span className="palette__detail">{option.detail}</span>}
                </div>
              ))}
            </div>
          ))}
        </div>
        <p className="palette__status" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
