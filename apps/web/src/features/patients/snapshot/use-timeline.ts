import type { TimelineEvent } from '@opencare/schemas/entities/patients';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { trpc } from '../../../api/trpc';
import { usePatientWatch } from '../../../realtime/use-patient-watch';
import { addTimelineEvent, timelineKey, useTimelineQuery } from '../patient-queries';

/**
 * The timeline a page at a time (newest first, "load more" appends the next). While mounted it
 * watches the patient: an event recorded anywhere joins the cached timeline (each once, whatever
 * the order of page and event) and the snapshot's cards are asked for again; when events may have
 * been missed, everything the socket feeds for this patient is asked for again.
 */
export function useTimeline(patientId: string) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const timeline = useTimelineQuery(patientId);
  // An event may come twice (a replay after a reconnection): it is taken once.
  const heard = useRef(new Set<string>());
  usePatientWatch(patientId, {
    onEvent: (event: TimelineEvent) => {
      const key = `${patientId}:${event.id}`;
      if (heard.current.has(key)) return;
      heard.current.add(key);
      // A visit's events show the visit's summary and note as they are now: read the page again.
      if (event.kind === 'visit') void queryClient.invalidateQueries({ queryKey: timelineKey(patientId) });
      else queryClient.setQueryData(timelineKey(patientId), (data: Parameters<typeof addTimelineEvent>[0]) =>
        addTimelineEvent(data, event),
      );
      // A reading, an alert, a message…: the cards above show it too (the chart follows the snapshot).
      void utils.patients.snapshot.invalidate({ id: patientId });
    },
    onMissed: () => {
      void queryClient.invalidateQueries({ queryKey: timelineKey(patientId) });
      void utils.patients.snapshot.invalidate({ id: patientId });
      void utils.gateways.ofPatient.invalidate({ patientId });
      void utils.devices.ofPatient.invalidate({ patientId });
    },
  });
  return timeline;
}
