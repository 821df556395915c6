import { useParams } from 'react-router-dom';
import { TelehealthVisitScreen } from '../features/visits/telehealth-visit-screen';

/** A video visit by its code (spec §2, simple layout, login required). */
export function TelehealthVisitPage() {
  const { visitCode = '' } = useParams();
  // A new code is a new screen: nothing of the previous visit's state carries over.
  return <TelehealthVisitScreen key={visitCode} code={visitCode} />;
}
