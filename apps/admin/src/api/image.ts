import { currentSession } from './session-store.ts';

/**
 * An image behind an operator call as a data: URL: the call needs the bearer token (an <img> cannot
 * send it), and the console's image policy allows data: but not blob: URLs.
 */
export async function operatorImage(path: string): Promise<string> {
  const response = await fetch(`/admin-api${path}`, { headers: { authorization: `Bearer ${currentSession()?.token ?? ''}` } });
  if (!response.ok) throw new Error(String(response.status));
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
