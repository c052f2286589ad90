/** Field-input messages shared by every form (spec part 1 §5, part 2 §5 and §8 'Field messages'). */
export const fields = {
  // ── Field inputs (spec part 1 §5 'Metadata document', part 2 §8 'Field messages') ──
  enterValue: 'Please enter a value',
  chooseValue: 'Please choose a value',
  enterInteger: 'Please enter a whole number',
  enterIntegerWithMin: 'Please enter a whole number of at least {limit}',
  enterIntegerWithMax: 'Please enter a whole number of at most {limit}',
  fieldTypeError: 'Please select a field type',
} as const;
