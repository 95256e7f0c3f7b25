/**
 * The order's InPost ShipX shipment: none yet → the size (default from the order's items) and
 * "Utwórz przesyłkę InPost"; then ShipX's status (re-read while it moves), the tracking number,
 * the locker, the label PDF (A4 / A6, opened in a new tab) and, before ShipX confirmed, a cancel.
 * Refusals (ShipX's reasons in Polish) in an alert. Admin API: inpostShipment, inpostDefaultParcelSize,
 * createInpostShipment, cancelInpostShipment, inpostLabel.
 */
import { Badge, Button, api } from '@vendure/dashboard';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

interface Shipment {
  status: string;
  statusLabel: string;
  trackingNumber: string | null;
  size: string;
  targetPoint: string;
  labelPath: string | null;
  dispatchOrderId: string | null;
  cancellable: boolean;
}
interface Result {
  shipment: Shipment | null;
  error: string | null;
}

const FIELDS = 'status statusLabel trackingNumber size targetPoint labelPath dispatchOrderId cancellable';
const SHIPMENT = /* GraphQL */ `
    query InpostShipment($orderId: ID!) {
        inpostShipment(orderId: $orderId) { ${FIELDS} }
        inpostDefaultParcelSize(orderId: $orderId)
    }
`;
const CREATE = /* GraphQL */ `
    mutation CreateInpostShipment($orderId: ID!, $size: InpostParcelSize) {
        createInpostShipment(orderId: $orderId, size: $size) { shipment { ${FIELDS} } error }
    }
`;
const CANCEL = /* GraphQL */ `
    mutation CancelInpostShipment($orderId: ID!) { cancelInpostShipment(orderId: $orderId) { error } }
`;
const LABEL = /* GraphQL */ `
    query InpostLabel($orderId: ID!, $type: String) { inpostLabel(orderId: $orderId, type: $type) { fileName pdfBase64 error } }
`;
const SIZES: Array<[string, string]> = [
  ['A', 'A – 8 × 38 × 64 cm'],
  ['B', 'B – 19 × 38 × 64 cm'],
  ['C', 'C – 41 × 38 × 64 cm'],
];
const FINAL = new Set(['delivered', 'returned_to_sender', 'canceled']);

export function InpostShipmentBlock({ orderId }: { orderId: string }) {
  const client = useQueryClient();
  const [size, setSize] = useState<string>('');
  const [problem, setProblem] = useState<string>('');
  const key = ['inpost-shipment', orderId];
  const shipment = useQuery({
    queryKey: key,
    queryFn: () => api.query<{ inpostShipment: Shipment | null; inpostDefaultParcelSize: string }>(SHIPMENT, { orderId }),
    enabled: orderId !== '',
    // while ShipX moves it (confirmation takes seconds, the parcel days): re-read every 5 s on this page
    refetchInterval: (q) => {
      const s = q.state.data?.inpostShipment;
      return s && !FINAL.has(s.status) ? 5000 : false;
    },
  });
  const create = useMutation({
    mutationFn: () =>
      api.mutate<{ createInpostShipment: Result }>(CREATE, { orderId, size: size || shipment.data?.inpostDefaultParcelSize }),
    onSuccess: (r) => {
      setProblem(r.createInpostShipment.error ?? '');
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => setProblem((e as Error).message),
  });
  const cancel = useMutation({
    mutationFn: () => api.mutate<{ cancelInpostShipment: Result }>(CANCEL, { orderId }),
    onSuccess: (r) => {
      setProblem(r.cancelInpostShipment.error ?? '');
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) => setProblem((e as Error).message),
  });
  const openLabel = async (type: 'normal' | 'A6') => {
    // the tab first (a popup blocker lets a click open it), the PDF into it when it has arrived
    const tab = window.open('', '_blank');
    const r = await api.query<{ inpostLabel: { fileName: string | null; pdfBase64: string | null; error: string | null } }>(LABEL, {
      orderId,
      type,
    });
    if (!r.inpostLabel.pdfBase64) {
      tab?.close();
      setProblem(r.inpostLabel.error ?? 'Nie udało się pobrać etykiety.');
      return;
    }
    const bytes = Uint8Array.from(atob(r.inpostLabel.pdfBase64), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  };

  if (shipment.isError)
    return (
      <p role="alert" className="text-destructive">
        Nie udało się wczytać przesyłki InPost.
      </p>
    );
  if (shipment.isLoading || !shipment.data) return <p className="text-muted-foreground">Wczytywanie…</p>;
  const s = shipment.data.inpostShipment;
  const alert = problem ? (
    <p role="alert" className="text-destructive">
      {problem}
    </p>
  ) : null;
  if (!s)
    return (
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Gabaryt paczki
          <select
            className="border rounded px-2 py-1 w-fit"
            value={size || shipment.data.inpostDefaultParcelSize}
            onChange={(e) => setSize(e.target.value)}
          >
            {SIZES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <div>
          <Button onClick={() => create.mutate()} disabled={create.isPending}>
            {create.isPending ? 'Tworzenie…' : 'Utwórz przesyłkę InPost'}
          </Button>
        </div>
        {alert}
      </div>
    );
  return (
    <div className="flex flex-col gap-2" aria-label="Przesyłka InPost">
      <p>
        Status: <Badge variant={s.status === 'delivered' ? 'success' : 'secondary'}>{s.statusLabel}</Badge>
      </p>
      <p>
        Numer przesyłki: <span className="font-mono">{s.trackingNumber ?? 'czeka na InPost'}</span>
      </p>
      {s.targetPoint ? (
        <p>
          Paczkomat: <span className="font-mono">{s.targetPoint}</span>, gabaryt {s.size}
        </p>
      ) : (
        <p>Kurier InPost na adres dostawy, gabaryt {s.size}</p>
      )}
      {s.dispatchOrderId && <p>Odbiór paczki przez kuriera zamówiony (zlecenie InPost {s.dispatchOrderId})</p>}
      <div className="flex gap-2">
        {s.labelPath ? (
          <>
            <Button variant="outline" onClick={() => void openLabel('normal')}>
              Etykieta PDF (A4)
            </Button>
            <Button variant="outline" onClick={() => void openLabel('A6')}>
              Etykieta PDF (A6)
            </Button>
          </>
        ) : null}
        {s.cancellable ? (
          <Button variant="destructive" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            Anuluj przesyłkę
          </Button>
        ) : null}
      </div>
      {alert}
    </div>
  );
}
