import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { CodeWidget } from '../../engine/form/CodeWidget';

const CSharpEditor = lazy(() => import('./CSharpEditor'));

/**
 * The 'code' widget of the Script Builder: the highlighting editor, loaded only when a script is opened;
 * until then the plain code widget shows the same text.
 */
export function CSharpCodeWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<CodeWidget {...props} />}>
      <CSharpEditor {...props} />
    </Suspense>
  );
}
