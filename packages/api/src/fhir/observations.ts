import type { Measurement, MeasurementType, RangeClass } from '@opencare/schemas/entities/measurements';
import { toMeasurementDto } from '../measurements/measurement.dto';
import type { HeldReadingRow } from '../measurements/held-readings.repository';
import { toHeldReadingDto } from '../measurements/held-reading.dto';
import type { MeasurementRow } from '../measurements/measurements.repository';
import type { FhirObservation } from './fhir-r4';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
const INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
/** The vital signs profile every vital sign conforms to (http://hl7.org/fhir/R4/observation-vitalsigns.html). */
const VITAL_SIGNS_PROFILE = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';

interface LoincCode {
  code: string;
  display: string;
}
const loinc = (code: string, display: string): LoincCode => ({ code, display });

export const LOINC_CODES = {
  bpPanel: loinc('85354-9', 'Blood pressure panel with all children optional'),
  systolic: loinc('8480-6', 'Systolic blood pressure'),
  diastolic: loinc('8462-4', 'Diastolic blood pressure'),
  heartRate: loinc('8867-4', 'Heart rate'),
  bodyTemperature: loinc('8310-5', 'Body temperature'),
  glucose: loinc('2339-0', 'Glucose [Mass/volume] in Blood'),
  bodyWeight: loinc('29463-7', 'Body weight'),
  spo2: loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'),
  // The vital signs profile asks for 2708-6 on every oxygen saturation, beside the pulse oximetry code.
  oxygenSaturation: loinc('2708-6', 'Oxygen saturation in Arterial blood'),
  fev1: loinc('20150-9', 'FEV1'),
  fvc: loinc('19870-5', 'Forced vital capacity [Volume] Respiratory system by Spirometry'),
  pef: loinc('19935-6', 'Maximum expiratory gas flow Respiratory system airway by Peak flow meter'),
} as const;

/** Units as UCUM codes with the text people read (the vital signs profile's own examples). */
const UNIT_TEXT: Record<string, string> = {
  'mm[Hg]': 'mmHg',
  '/min': 'beats/minute',
  Cel: 'C',
  'mg/dL': 'mg/dL',
  kg: 'kg',
  '%': '%',
  L: 'L',
  'L/min': 'L/min',
};

const concept = (codes: LoincCode[], text: string) => ({ coding: codes.map((c) => ({ system: LOINC, ...c })), text });
const quantity = (value: number, unit: string) => ({ value, unit: UNIT_TEXT[unit] ?? unit, system: UCUM, code: unit });
const category = (code: 'vital-signs' | 'laboratory' | 'exam', display: string) => [
  { coding: [{ system: CATEGORY_SYSTEM, code, display }] },
];

const INTERPRETATIONS: Record<RangeClass, { code: string; display: string }> = {
  lowest: { code: 'L', display: 'Low' },
  normal: { code: 'N', display: 'Normal' },
  elevated: { code: 'H', display: 'High' },
  high: { code: 'H', display: 'High' },
  highest: { code: 'HH', display: 'Critical high' },
};
/** Our five range classes on HL7's scale; the text keeps "elevated" apart from "high". */
const interpretationOf = (rangeClass: RangeClass) => [
  { coding: [{ system: INTERPRETATION_SYSTEM, ...INTERPRETATIONS[rangeClass] }], text: rangeClass },
];

/** One Observation a reading gives: an id suffix (none for the main one), its code, value or components. */
interface Part {
  suffix: string;
  code: ReturnType<typeof concept>;
  category: ReturnType<typeof category>;
  vitalSign: boolean;
  value?: { value: number; unit: string };
  components?: { code: ReturnType<typeof concept>; value: number; unit: string }[];
  /** The reading's range class belongs to the main observation only. */
  main: boolean;
}

const vital = category('vital-signs', 'Vital Signs');

function heartRate(values: Record<string, number>): Part[] {
  if (values.pulse === undefined) return [];
  const code = concept([LOINC_CODES.heartRate], 'Heart rate');
  return [{ suffix: '-hr', code, category: vital, vitalSign: true, value: { value: values.pulse, unit: '/min' }, main: false }];
}

/**
 * The Observations of one reading, by type. Blood pressure is one panel (85354-9) with systolic and
 * diastolic components, as the vital signs profile has it; a pulse taken with it, or with the
 * oximeter, is a heart-rate Observation of its own. Spirometry gives one Observation per value.
 * Camera photos are not Observations (R4 would need Media), so they give none.
 */
function partsOf(type: MeasurementType, values: Record<string, number>): Part[] {
  const single = (code: ReturnType<typeof concept>, cat: ReturnType<typeof category>, value: number | undefined, unit: string, vitalSign = true): Part[] =>
    value === undefined ? [] : [{ suffix: '', code, category: cat, vitalSign, value: { value, unit }, main: true }];
  switch (type) {
    case 'bp':
      if (values.systolic === undefined || values.diastolic === undefined) return [];
      return [
        {
          suffix: '',
          code: concept([LOINC_CODES.bpPanel], 'Blood pressure'),
          category: vital,
          vitalSign: true,
          components: [
            { code: concept([LOINC_CODES.systolic], 'Systolic blood pressure'), value: values.systolic, unit: 'mm[Hg]' },
            { code: concept([LOINC_CODES.diastolic], 'Diastolic blood pressure'), value: values.diastolic, unit: 'mm[Hg]' },
          ],
          main: true,
        },
        ...heartRate(values),
      ];
    case 'bt':
      return single(concept([LOINC_CODES.bodyTemperature], 'Body temperature'), vital, values.temperature, 'Cel');
    case 'bs':
      return single(concept([LOINC_CODES.glucose], 'Blood sugar'), category('laboratory', 'Laboratory'), values.glucose, 'mg/dL', false);
    case 'bw':
      return single(concept([LOINC_CODES.bodyWeight], 'Body weight'), vital, values.weight, 'kg');
    case 'ox':
      return [
        ...single(concept([LOINC_CODES.oxygenSaturation, LOINC_CODES.spo2], 'Oxygen saturation'), vital, values.spo2, '%'),
        ...heartRate(values),
      ];
    case 'sy': {
      const exam = category('exam', 'Exam');
      const spirometry = (suffix: string, code: LoincCode, text: string, value: number | undefined, unit: string): Part[] =>
        value === undefined ? [] : [{ suffix, code: concept([code], text), category: exam, vitalSign: false, value: { value, unit }, main: true }];
      return [
        ...spirometry('-fev1', LOINC_CODES.fev1, 'FEV1', values.fev1, 'L'),
        ...spirometry('-fvc', LOINC_CODES.fvc, 'FVC', values.fvc, 'L'),
        ...spirometry('-pef', LOINC_CODES.pef, 'Peak expiratory flow', values.pef, 'L/min'),
      ];
    }
    case 'camera':
      return [];
  }
}

const SNOMED = 'http://snomed.info/sct';
/** A blood sugar's relation to a meal, coded (SNOMED CT qualifier values). */
const MEAL_CONTEXT = {
  before: { system: SNOMED, code: '307165006', display: 'Before meal' },
  after: { system: SNOMED, code: '24863003', display: 'Postprandial' },
} as const;

/**
 * What a device said about a reading, coded (DEVICE_READING_FLAGS: out of physiological limits, clock
 * corrected, the Blood Pressure Measurement Status and Glucose Sensor Status Annunciation bits).
 * Our own code system: HL7's v3 ObservationInterpretation has no code for these (docs/gateway-ble.md).
 */
export const DEVICE_FLAG_SYSTEM = 'urn:opencare:fhir:device-reading-flag';
/** The device's own time stamp of a reading whose time the gateway corrected (an Observation and Provenance extension). */
export const DEVICE_TIME_EXTENSION = 'urn:opencare:fhir:StructureDefinition:device-reported-time';

const FLAG_DISPLAY: Record<string, string> = {
  'out-of-limits': 'Outside physiological limits',
  'clock-corrected': 'Device clock corrected',
  'bp-body-movement': 'Body movement during measurement',
  'bp-cuff-too-loose': 'Cuff fit too loose',
  'bp-irregular-pulse': 'Irregular pulse detected',
  'bp-pulse-above-range': 'Pulse rate exceeds upper limit',
  'bp-pulse-below-range': 'Pulse rate is less than lower limit',
  'bp-improper-position': 'Improper measurement position',
  'glucose-battery-low': 'Device battery low at time of measurement',
  'glucose-sensor-malfunction': 'Sensor malfunction',
  'glucose-sample-insufficient': 'Sample size insufficient',
  'glucose-strip-insertion-error': 'Strip insertion error',
  'glucose-strip-type-incorrect': 'Strip type incorrect',
  'glucose-result-above-range': 'Result higher than the device can process',
  'glucose-result-below-range': 'Result lower than the device can process',
  'glucose-temperature-too-high': 'Temperature too high for a valid result',
  'glucose-temperature-too-low': 'Temperature too low for a valid result',
  'glucose-read-interrupted': 'Read interrupted (strip pulled too soon)',
  'glucose-device-fault': 'General device fault',
  'glucose-time-fault': 'Time fault (time may be inaccurate)',
};

/** The device's side of a reading, as FHIR shows it; a held reading's review status. */
export interface DeviceSide {
  deviceTakenAt?: string | null;
  flags?: readonly string[] | null;
  /** A held reading: `preliminary` while it waits for review, `entered-in-error` once rejected. */
  status?: 'preliminary' | 'entered-in-error';
  /** A held reading's fields outside physiological limits. */
  outOfLimits?: readonly string[];
}

const flagConcept = (flag: string) => ({ coding: [{ system: DEVICE_FLAG_SYSTEM, code: flag, display: FLAG_DISPLAY[flag] ?? flag }], text: FLAG_DISPLAY[flag] ?? flag });

/**
 * The FHIR R4 Observations of one stored reading; a gateway's reading names the meter that took it
 * (`device`; the gateway that brought it is in its Provenance). A reading held for review is
 * `preliminary` (R4: "initial results, data may be incomplete or unverified", which a value no one
 * vouched for is) and one a clinician rejected `entered-in-error`; both carry the out-of-limits flag
 * and a note naming the fields.
 */
export function observationsOf(measurement: Measurement, deviceId?: string | null, side: DeviceSide = {}): FhirObservation[] {
  return partsOf(measurement.type, measurement.values).map((part) => {
    const notes = measurement.note ? [measurement.note] : [];
    if (part.main && side.outOfLimits?.length) {
      notes.unshift(`Outside physiological limits (${side.outOfLimits.join(', ')}): ${side.status === 'entered-in-error' ? 'rejected by a clinician' : 'held for a clinician\'s review'}.`);
    }
    const observation: FhirObservation = {
      resourceType: 'Observation',
      id: `${measurement.id}${part.suffix}`,
      meta: { lastUpdated: measurement.createdAt, ...(part.vitalSign ? { profile: [VITAL_SIGNS_PROFILE] } : {}) },
      status: side.status ?? 'final',
      category: part.category,
      code: part.code,
      subject: { reference: `Patient/${measurement.patientId}` },
      effectiveDateTime: measurement.takenAt,
      issued: measurement.createdAt,
    };
    if (part.value) observation.valueQuantity = quantity(part.value.value, part.value.unit);
    if (deviceId) observation.device = { reference: `Device/${deviceId}` };
    if (part.components) {
      observation.component = part.components.map((c) => ({ code: c.code, valueQuantity: quantity(c.value, c.unit) }));
    }
    if (part.main && measurement.meal) {
      const meal = MEAL_CONTEXT[measurement.meal];
      observation.component = [{ code: { text: 'Relationship to meal' }, valueCodeableConcept: { coding: [meal], text: meal.display } }];
    }
    const interpretation = [
      ...(part.main && measurement.rangeClass ? interpretationOf(measurement.rangeClass) : []),
      ...(part.main ? (side.flags ?? []).map(flagConcept) : []),
    ];
    if (interpretation.length > 0) observation.interpretation = interpretation;
    if (part.main && notes.length > 0) observation.note = notes.map((text) => ({ text }));
    if (side.deviceTakenAt) observation.extension = [{ url: DEVICE_TIME_EXTENSION, valueDateTime: side.deviceTakenAt }];
    return observation;
  });
}

/** The measurement types whose Observations may carry a LOINC code (for `?code=` searches). */
export function typesWithCode(code: string): MeasurementType[] {
  const byCode: Record<string, MeasurementType[]> = {
    [LOINC_CODES.bpPanel.code]: ['bp'],
    [LOINC_CODES.heartRate.code]: ['bp', 'ox'],
    [LOINC_CODES.bodyTemperature.code]: ['bt'],
    [LOINC_CODES.glucose.code]: ['bs'],
    [LOINC_CODES.bodyWeight.code]: ['bw'],
    [LOINC_CODES.spo2.code]: ['ox'],
    [LOINC_CODES.oxygenSaturation.code]: ['ox'],
    [LOINC_CODES.fev1.code]: ['sy'],
    [LOINC_CODES.fvc.code]: ['sy'],
    [LOINC_CODES.pef.code]: ['sy'],
  };
  return byCode[code] ?? [];
}

export const hasCode = (observation: FhirObservation, code: string) => (observation.code.coding ?? []).some((c) => c.code === code);

/** The Observations of a stored reading, naming its meter when a gateway brought it. */
export const observationsOfRow = (row: MeasurementRow): FhirObservation[] =>
  observationsOf(toMeasurementDto(row), row.deviceId, { deviceTakenAt: row.deviceTakenAt?.toISOString() ?? null, flags: row.deviceFlags });

/** The Observations of a reading held for review (preliminary) or rejected (entered-in-error); an accepted one is a measurement. */
export function observationsOfHeld(row: HeldReadingRow): FhirObservation[] {
  const held = toHeldReadingDto(row);
  const measurement: Measurement = {
    id: held.id,
    patientId: held.patientId,
    type: held.type,
    values: held.values,
    units: held.units,
    takenAt: held.takenAt,
    source: 'gateway',
    meal: held.meal,
    note: held.note,
    rangeClass: null,
    fileId: null,
    taskId: null,
    createdAt: held.receivedAt,
  };
  const status = held.status === 'rejected' ? 'entered-in-error' : 'preliminary';
  return observationsOf(measurement, row.deviceId, { deviceTakenAt: held.deviceTakenAt, flags: row.deviceFlags, status, outOfLimits: held.outOfLimits });
}
