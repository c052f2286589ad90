/**
 * The flow runtime's texts (issue 17): answers of /rest/<REST API>/<flow> calls, the test run and the
 * executions log. Wording ours, in the catalogue's voice.
 */
export const runtime = {
  // ── Input (spec part 2 §3 'Block' start) ──
  'flow.input.required': 'Please enter a value',
  'flow.input.tooLong': 'At most {limit} characters',
  'flow.input.invalid': 'The input is not valid: {count} fields need a change',
  'flow.input.invalid.one': 'The input is not valid: 1 field needs a change',
  'flow.input.notJson': 'The body must be a JSON object',

  // ── The error block (spec part 2 §3 'Block' error: error_code, error_message) ──
  'flow.error': '{message}',

  // ── Serving ──
  'runtime.notFound': 'No active flow answers {method} {path}',
  'runtime.unauthorized': 'This REST API needs the credentials of one of its API users',
  'runtime.forbidden': 'This API user may not call this REST API',
  'runtime.scriptFlow': 'Script flows run on the Script Service (.NET), which this server does not host',
  'runtime.notRunnable': 'This flow cannot run on this server: {reason}',
  'runtime.unknownFunction': 'The function {name} has no implementation on this server',
  'runtime.unknownClass': 'The configuration class {name} is not known to this server',
  'runtime.unknownConnector': 'The external connector {name} has no implementation on this server',
  'runtime.timeout': 'The flow took longer than {seconds} s and was stopped; nothing was written',
  'runtime.statementTimeout': 'A database statement took too long and was stopped; nothing was written',
  'runtime.tooManyRows': 'The read block {block} found more than {limit} rows; add a filter or first match',
  'runtime.bodyTooLarge': 'The request body is larger than {limit} bytes',
  'runtime.rateLimited': 'Too many calls from this API user. Please wait {seconds} seconds and try again.',
  'runtime.failed': 'The flow failed in its {block} block; the server log has the details',
  'runtime.conflict':
    'The {block} block could not write: the record breaks a rule of its table (a duplicate key, a missing reference or value)',
  'runtime.badValue': 'The {block} block was given a value the database refused',
  // The WRITE block's method (spec part 2 §3 'Block' read/write: method; src/domain/flow/runtime/writeMethod.ts).
  'runtime.recordExists': 'The WRITE block did not write: a {document} record with this {key} already exists',
  'runtime.recordNotFound': 'The WRITE block did not write: no {document} record has this {key}',
  'runtime.mail.lineBreak': 'An e-mail address or subject may not contain a line break',

  // ── Other systems (issue 30 point 6): never the remote's own text, which may name hosts or credentials ──
  'runtime.external.unreachable': 'The flow could not reach {connection}; nothing was written',
  'runtime.external.timeout': '{connection} did not answer in time; nothing was written',
  'runtime.external.refused': '{connection} refused what the flow asked; nothing was written',
  // Committing a call's writes on two systems (server/runtime/callTransactions.ts, README).
  'runtime.external.commitFailed':
    '{connection} failed while the flow’s writes were being committed; the executions log and the README say what was kept',
  // SFTP (issue 30 point 4): the host key pinned by Test Connection, paths, files and their formats.
  'runtime.external.hostKeyChanged':
    '{connection} answered with another host key than the one Test Connection pinned; nothing was sent to it',
  'runtime.external.hostKeyUnpinned':
    '{connection} has no pinned host key yet: run Test Connection on it once; nothing was sent to it',
  'runtime.external.fileMissing': '{connection} has no file or folder at {path}',
  'runtime.external.fileExists': '{connection} already has a file at {path}; nothing was written',
  'runtime.external.fileTooLarge':
    'The file {path} on {connection} is larger than {limit} bytes, the most a flow reads',
  'runtime.external.badContent': 'The file {path} on {connection} is not valid {format}',
  'runtime.external.pathOutside': 'The path {path} leaves the folder {connection} is limited to',
  'runtime.external.badPath': 'The path must be text without control characters, at most 1024 characters',
  'runtime.external.badFormat': 'The format must be text, csv or json',
  'runtime.external.badRows':
    'Write an array of objects for {format}; as CSV each value must be text, a number, true, false or null',
  // An HTTP API's operation (issue 30 point 3): what the call's own input lacks, before anything is sent.
  'runtime.http.missingInput': 'The {operation} call needs a value for {name}',
  'runtime.http.lineBreak': 'The header {name} may not contain a line break',

  // ── Test run and executions (Flow Builder) ──
  'fb.testRun.title': 'Test run',
  'fb.testRun.run': 'Run',
  'fb.testRun.running': 'Running…',
  'fb.testRun.rolledBack': 'Test runs are rolled back: nothing they write is kept.',
  'fb.testRun.noInput': 'This flow takes no input.',
  'fb.testRun.status': 'Answered {status} in {ms} ms',
  'fb.testRun.blockNotRun': 'This block did not run.',
  'fb.testRun.input': 'Input',
  'fb.testRun.output': 'Output',
  'fb.testRun.branch': 'Branch taken',
  'fb.testRun.rows': 'Rows',
  'fb.testRun.duration': 'Duration',
  'fb.testRun.error': 'Error',
  'fb.testRun.answer': 'Answer',
  'fb.testRun.clear': 'Clear trace',
  'fb.testRun.shown':
    'The canvas shows the last test run (answered {status} in {ms} ms). Click a block that ran to see its data.',
  'fb.testRun.open': 'Open test run',
  'fb.testRun.blocks': 'Blocks run',
  'fb.testRun.traceId': 'Trace id {id}: its log lines carry it',
  'fb.executions.title': 'Executions',
  'fb.executions.empty': 'No calls recorded yet.',
  'fb.executions.noMatch': 'No calls match these filters.',
  'fb.executions.retention': 'Calls are kept {days} days.',
  'fb.executions.trace': 'Trace id',
  'fb.executions.page': 'Page {page} of {pages} · {count} calls',
  'fb.executions.page.one': 'Page {page} of {pages} · 1 call',
  'fb.executions.previous': 'Previous',
  'fb.executions.next': 'Next',

  // ── Executions with their data, retry, error flow (issue 32 points 3-5) ──
  'fb.executions.notFound': 'The execution was not found; it may be older than the executions log keeps',
  'fb.executions.open': 'Open',
  'fb.executions.filter': 'Filter',
  'fb.executions.clearFilter': 'Clear filters',
  'fb.executions.noData': 'No data was kept for this call (Keep call data: {keep}).',
  'fb.executions.retryOf': 'retry of #{id}',
  'fb.executions.errorOf': 'error flow of #{id}',
  'fb.executions.connection': '(on {connection})',
  'fb.executions.shown':
    'The canvas shows execution #{id} (answered {status} in {ms} ms). Click a block that ran to see its data.',
  'fb.executions.opened': 'Execution #{id}: {method} {name}',
  'fb.executions.cut': 'Over the 64 KB a call keeps, these parts were cut: {parts}',
  'fb.executions.redacted': 'Secret values (password fields, Authorization) are replaced by [redacted].',
  'fb.executions.keepSaved': 'Keep call data set to {keep}',
  'fb.executions.keepError': 'Keep call data could not be changed. Please try again.',
  'fb.retry.title': 'Retry',
  'fb.retry.run': 'Retry',
  'fb.retry.running': 'Retrying…',
  'fb.retry.done': 'Retried as execution #{id}: answered {status}',
  'fb.retry.notFailed': 'Only a failed call can be retried',
  'fb.retry.noData': 'This call cannot be retried: its input was not kept',
  'fb.retry.inputIncomplete':
    'This call cannot be retried: part of its input was redacted or cut, so it is not the input that was sent',
  'fb.retry.noActiveVersion': 'The flow has no active version to retry against',
} as const;
