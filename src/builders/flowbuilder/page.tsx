import './flowbuilder.css';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FlowList } from './list/FlowList';

/** The editor brings @xyflow/react and the layout worker, so it loads only when a flow opens. */
const FlowEditorPage = lazy(() => import('./editor/FlowEditorPage'));

/**
 * The Flow Builder (spec part 2 §2): the welcome list at /flowbuilder, a flow's editor at
 * /flowbuilder/:guid (its newest version) or /flowbuilder/:guid?version=<version guid> — links that
 * survive reload and can be shared.
 */
export default function FlowBuilderPage() {
  return (
    <Routes>
      <Route index element={<FlowList />} />
      <Route
        path=":id"
        element={
          <Suspense fallback={<span className="spinner" role="status" aria-label="Loading" />}>
            <FlowEditorPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
