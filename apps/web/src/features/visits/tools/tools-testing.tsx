import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Providers } from '../../../testing/render-app';

/** Render a tool inside the app's providers (theme, language, notifications). */
export function renderTool(ui: ReactElement) {
  return render(<Providers session={{ status: 'signed-out' }}>{ui}</Providers>);
}
