import { useState } from 'react';

/**
 * A JSON preview for a drawer (spec part 2 §2 drawer 13: indented 4 spaces by whoever makes the text),
 * selectable, with a copy button.
 */
export function JsonPreview({ json, label }: { json: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="json-preview">
      <div className="json-preview__actions">
        <button
          type="button"
          className="button button--small"
          onClick={() =>
            void navigator.clipboard?.writeText(json).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <section aria-label={label}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the preview scrolls, so keyboard users need to reach it */}
        <pre className="json-preview__code" tabIndex={0}>
          {json}
        </pre>
      </section>
    </div>
  );
}
