import { describe, expect, it } from 'vitest';
import { groupByPatient } from './group-by-patient';
import { alert } from './testing/render-alerts';

describe('groupByPatient', () => {
  it("keeps the server's order of patients by their first (worst) alert, and of each patient's alerts", () => {
    const a = '11111111-1111-4111-8111-00000000000a';
    const b = '11111111-1111-4111-8111-00000000000b';
    const list = [
      alert({ id: '21111111-1111-4111-8111-000000000001', patientId: b, patientName: 'B', rangeClass: 'highest' }),
      alert({ id: '21111111-1111-4111-8111-000000000002', patientId: a, patientName: 'A', rangeClass: 'high' }),
      alert({ id: '21111111-1111-4111-8111-000000000003', patientId: b, patientName: 'B', rangeClass: 'elevated' }),
    ];
    expect(groupByPatient(list).map((g) => [g.patientName, g.alerts.map((x) => x.rangeClass)])).toEqual([
      ['B', ['highest', 'elevated']],
      ['A', ['high']],
    ]);
  });
});
