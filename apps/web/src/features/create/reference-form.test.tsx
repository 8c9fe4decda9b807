/**
 * Mode B's picture picker in the iOS and Android apps (jest-expo, so `file-picker.tsx` is the one
 * rendered): the photo library opens, the picked picture is checked like a file chosen on the web,
 * and sent by the app's real SDK client with its progress. expo-image-picker is replaced at its
 * module boundary (the device's library cannot be reached here); the client is the real one, given
 * a transport in place of the network (the SDK's `fetch` and `XMLHttpRequest` options).
 */
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { operationPath } from '@kitwright/contracts/operations';
import { KitwrightClient } from '@kitwright/sdk';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import * as ImagePicker from 'expo-image-picker';
import { KitwrightProvider } from '../../client/kitwright';
import { I18nProvider } from '../../i18n';
import { ReferenceForm } from './reference-form';

const ReactNativeFormData = jest.requireActual<{ default: typeof FormData }>(
  'react-native/Libraries/Network/FormData',
).default;

jest.mock('expo-image-picker', () => ({
  ...jest.requireActual<object>('expo-image-picker'),
  launchImageLibraryAsync: jest.fn(),
  launchCameraAsync: jest.fn(),
  requestCameraPermissionsAsync: jest.fn(),
}));

const library = ImagePicker.launchImageLibraryAsync as jest.MockedFunction<
  typeof ImagePicker.launchImageLibraryAsync
>;
const camera = ImagePicker.launchCameraAsync as jest.MockedFunction<typeof ImagePicker.launchCameraAsync>;
const cameraPermission = ImagePicker.requestCameraPermissionsAsync as jest.MockedFunction<
  typeof ImagePicker.requestCameraPermissionsAsync
>;

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const ORIGIN = 'https://kitwright.test';

interface SentUpload {
  method: string;
  url: string;
  /** React Native's FormData parts: the file is sent from its URI. */
  parts: { fieldName: string; uri?: string; name?: string; type?: string }[];
}

/** What reached the transport: requests over fetch, uploads over XMLHttpRequest. */
let requests: { method: string; url: string; body?: string }[];
let uploads: SentUpload[];
/**
 * When set, an upload reports half its bytes and then waits for the test to call `release()`, so a
 * test can look at the form while the picture is in flight (a timer would let it finish between
 * two queries on a busy machine).
 */
let holdUploads: boolean;
let release: (() => void) | null;

/** The transport the SDK sends uploads through, answering as the server does for a stored image. */
class RecordingXhr {
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  abort() {}
  send(body: { getParts(): SentUpload['parts'] }) {
    uploads.push({ method: this.method, url: this.url, parts: body.getParts() });
    const finish = () => {
      this.upload.onprogress?.({ loaded: 1200, total: 1200, lengthComputable: true });
      this.status = 201;
      this.statusText = 'Created';
      this.responseText = JSON.stringify({
        upload: { id: '0190a2b4-0000-7000-8000-000000000001', kind: 'image', original_name: 'beach.jpg' },
      });
      this.onload?.();
    };
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: 600, total: 1200, lengthComputable: true });
      if (holdUploads) release = finish;
      else finish();
    }, 0);
  }
}

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderForm() {
  const client = new KitwrightClient({
    baseUrl: ORIGIN,
    loadSession: false,
    autoRefresh: false,
    broadcast: false,
    reconnect: false,
    XMLHttpRequest: RecordingXhr as never,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      requests.push({ method, url, ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
      if (url.endsWith(operationPath('appShell')))
        return answer(200, {
          flags: { modeB: true },
          config: { uploads: { max_image_bytes: MAX_IMAGE_BYTES } },
        });
      return answer(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Not in this test.' } });
    },
  });
  // No garbage-collection timers: a cached query would otherwise keep Jest alive for five minutes.
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { gcTime: Number.POSITIVE_INFINITY },
    },
  });
  return render(
    <KitwrightProvider client={client} queryClient={queryClient}>
      <I18nProvider>
        <ReferenceForm />
      </I18nProvider>
    </KitwrightProvider>,
  );
}

function picked(asset: Partial<ImagePicker.ImagePickerAsset>): ImagePicker.ImagePickerResult {
  return {
    canceled: false,
    assets: [{ uri: 'file:///data/picked/beach.jpg', width: 800, height: 600, ...asset }],
  };
}

beforeAll(() => {
  // What React Native's start-up (InitializeCore) installs and jest-expo's setup leaves to Node:
  // the runtime's name (setUpNavigator.js), which the SDK reads to send a file from its URI, and
  // React Native's FormData (setUpXHR.js), which takes that { uri, name, type } part.
  Object.defineProperty(globalThis, 'navigator', {
    value: { ...globalThis.navigator, product: 'ReactNative' },
    configurable: true,
  });
  Object.defineProperty(globalThis, 'FormData', { value: ReactNativeFormData, configurable: true });
});

beforeEach(() => {
  requests = [];
  uploads = [];
  holdUploads = false;
  release = null;
  library.mockReset();
  camera.mockReset();
  cameraPermission.mockReset();
});

describe('the picture picker on iOS and Android', () => {
  it('picks from the photo library and uploads that file, with its name and type, through the SDK', async () => {
    library.mockResolvedValue(picked({ fileName: 'beach.jpg', mimeType: 'image/jpeg', fileSize: 1200 }));
    renderForm();
    await waitFor(() => expect(requests.some((r) => r.url.endsWith(operationPath('appShell')))).toBe(true));
    fireEvent.press(screen.getByTestId('reference-choose'));
    expect(await screen.findByTestId('reference-chosen')).toHaveTextContent('beach.jpg');
    expect(library).toHaveBeenCalledWith(expect.objectContaining({ mediaTypes: ['images'] }));

    fireEvent.press(screen.getByTestId('reference-submit'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const [sent] = uploads;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toMatch(/^https:\/\/kitwright\.test\/api\/.*upload/);
    expect(sent?.parts).toEqual([
      expect.objectContaining({
        fieldName: 'file',
        uri: 'file:///data/picked/beach.jpg',
        name: 'beach.jpg',
        type: 'image/jpeg',
      }),
    ]);
    // After the upload the draft is asked for (refused here): the form says so.
    expect(await screen.findByTestId('reference-problem')).toBeTruthy();
    const draft = requests.find((r) => r.method === 'POST' && r.url.endsWith(operationPath('createDraft')));
    expect(JSON.parse(draft?.body ?? '{}')).toMatchObject({
      mode: 'B',
      source_upload_id: '0190a2b4-0000-7000-8000-000000000001',
    });
  });

  it('shows the upload’s progress while the picture is sent', async () => {
    library.mockResolvedValue(picked({ fileName: 'beach.jpg', mimeType: 'image/jpeg', fileSize: 1200 }));
    renderForm();
    fireEvent.press(screen.getByTestId('reference-choose'));
    await screen.findByTestId('reference-chosen');
    holdUploads = true;
    fireEvent.press(screen.getByTestId('reference-submit'));
    await waitFor(() => expect(release).not.toBeNull());
    const progress = await screen.findByTestId('reference-upload-progress');
    // Half the bytes are sent: the bar says what is sent and how far it has gone.
    expect(progress).toHaveProp('aria-label', 'Sending the picture…');
    expect(progress).toHaveProp('aria-valuenow', 50);
    expect(screen.getByText('Sending the picture…')).toBeTruthy();
    expect(screen.getByText('50%')).toBeTruthy();
    // Once the last bytes are sent the form moves on: the progress goes, the draft is asked for.
    await act(async () => release?.());
    await waitFor(() => expect(screen.queryByTestId('reference-upload-progress')).toBeNull());
    expect(await screen.findByTestId('reference-problem')).toBeTruthy();
  });

  it('does nothing when the library is closed without a picture', async () => {
    library.mockResolvedValue({ canceled: true, assets: null });
    renderForm();
    fireEvent.press(screen.getByTestId('reference-choose'));
    await waitFor(() => expect(library).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('reference-choose')).not.toBeDisabled());
    expect(screen.queryByTestId('reference-chosen')).toBeNull();
    expect(screen.queryByTestId('reference-pick-error')).toBeNull();
    fireEvent.press(screen.getByTestId('reference-submit'));
    expect(await screen.findByTestId('reference-pick-error')).toHaveTextContent('Choose a picture first.');
    expect(uploads).toHaveLength(0);
  });

  it('refuses a picture of another type with the web’s message, and sends nothing', async () => {
    library.mockResolvedValue(
      picked({
        uri: 'file:///data/picked/party.gif',
        fileName: 'party.gif',
        mimeType: 'image/gif',
        fileSize: 900,
      }),
    );
    renderForm();
    fireEvent.press(screen.getByTestId('reference-choose'));
    expect(await screen.findByTestId('reference-pick-error')).toHaveTextContent(
      '“party.gif” is not a PNG, JPEG or WebP picture.',
    );
    expect(screen.queryByTestId('reference-chosen')).toBeNull();
    fireEvent.press(screen.getByTestId('reference-submit'));
    expect(uploads).toHaveLength(0);
  });

  it('refuses a picture over the size limit with the web’s message', async () => {
    library.mockResolvedValue(
      picked({ fileName: 'huge.png', mimeType: 'image/png', fileSize: MAX_IMAGE_BYTES + 1 }),
    );
    renderForm();
    // The limit comes from the server's app shell.
    await screen.findByText(/up to 10 MB/);
    fireEvent.press(screen.getByTestId('reference-choose'));
    expect(await screen.findByTestId('reference-pick-error')).toHaveTextContent(
      'This picture is 10 MB; pictures can be at most 10 MB.',
    );
    expect(uploads).toHaveLength(0);
  });

  it('takes a photo with the camera once allowed, and says so when the camera is refused', async () => {
    cameraPermission.mockResolvedValueOnce({ granted: false } as ImagePicker.CameraPermissionResponse);
    renderForm();
    fireEvent.press(screen.getByTestId('reference-choose-camera'));
    expect(await screen.findByTestId('reference-pick-error')).toHaveTextContent(/may not use the camera/);
    expect(camera).not.toHaveBeenCalled();

    cameraPermission.mockResolvedValueOnce({ granted: true } as ImagePicker.CameraPermissionResponse);
    camera.mockResolvedValue(
      picked({
        uri: 'file:///data/camera/IMG_0001.jpg',
        fileName: null,
        mimeType: 'image/jpeg',
        fileSize: 2048,
      }),
    );
    fireEvent.press(screen.getByTestId('reference-choose-camera'));
    expect(await screen.findByTestId('reference-chosen')).toHaveTextContent('IMG_0001.jpg');
    expect(screen.queryByTestId('reference-pick-error')).toBeNull();
  });
});
