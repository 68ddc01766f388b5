import { RecordView } from '../../../components/record-view/record-view.tsx';

/**
 * One NDC dictionary entry, read-only. The spec gives the dictionary list no detail link; the
 * route exists in its route table, so it shows the entry's fields rather than nothing.
 */
export function DictionaryScreen() {
  return (
    <RecordView
      entity="dictionaries"
      title={(record, id) => `NDC Dictionary Entry ${record ? String(record.fieldData['NDC Code LU'] ?? id) : id}`}
      subtitleField="Trade Name Final LU"
      listPath="/dictionaries"
    />
  );
}
