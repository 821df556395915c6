import { icon } from '../../../components/icons/icon';

/* Line icons of the call controls, drawn with the app's icon factory; decorative, the buttons are labelled. */

const slash = <path d="M3 3l18 18" />;
const micPaths = (
  <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3" />
);
const cameraPaths = <path d="M3 7h12v10H3zM15 10l6-3v10l-6-3" />;
const speakerPaths = <path d="M4 9h4l5-4v14l-5-4H4zM17 9a4 4 0 0 1 0 6" />;

export const MicIcon = icon(micPaths);
export const MicOffIcon = icon([micPaths, slash]);
export const CameraIcon = icon(cameraPaths);
export const CameraOffIcon = icon([cameraPaths, slash]);
export const SpeakerIcon = icon(speakerPaths);
export const SpeakerOffIcon = icon([speakerPaths, slash]);
export const ScreenIcon = icon(<path d="M3 4h18v12H3zM8 20h8M12 16v4" />);
export const DualCameraIcon = icon(<path d="M2 8h9v7H2zM11 10l3-2v7l-3-2M13 4h9v7" />);
export const PipIcon = icon(<path d="M3 5h18v14H3zM12 12h7v5h-7z" />);
export const LayoutIcon = icon(<path d="M3 4h8v7H3zM13 4h8v7h-8zM3 13h8v7H3zM13 13h8v7h-8z" />);
export const PenIcon = icon(<path d="M4 20l4-1L19 8l-3-3L5 16zM14 7l3 3" />);
export const HeartIcon = icon(<path d="M3 12h4l2-4 3 8 2-4h7" />);
export const AlertIcon = icon(<path d="M12 3 2 20h20zM12 10v4M12 17h.01" />);
export const PhoneOffIcon = icon(<path d="M4 14c5-4 11-4 16 0l-2 3-3-1v-2a11 11 0 0 0-6 0v2l-3 1z" />);
export const MoreIcon = icon(<path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth={3} />);
export const ChatIcon = icon(<path d="M4 5h16v11H9l-5 4z" />);
