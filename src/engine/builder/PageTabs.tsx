import { type KeyboardEvent, useRef } from 'react';
import './PageTabs.css';

export interface PageTab<Id extends string> {
  id: Id;
  label: string;
}

/**
 * Tabs of a page that holds more than one list (spec part 1 §2: REST API and API users; Users and
 * Roles). Arrow keys, Home and End move between tabs, as in any tab list.
 */
export function PageTabs<Id extends string>({
  label,
  tabs,
  current,
  onSelect,
}: {
  label: string;
  tabs: readonly PageTab<Id>[];
  current: Id;
  onSelect(id: Id): void;
}) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = tabs[target]!;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <div className="page-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element) refs.current.set(tab.id, element);
            else refs.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={`tab-${tab.id}`}
          className={`page-tabs__tab${tab.id === current ? ' page-tabs__tab--current' : ''}`}
          aria-selected={tab.id === current}
          tabIndex={tab.id === current ? 0 : -1}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => move(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
