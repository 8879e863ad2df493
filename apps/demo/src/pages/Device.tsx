import { useUserAgent } from '@plinth/user-agent';
import { useTitle } from './useTitle';

export function Device() {
  useTitle('Your device');
  const ua = useUserAgent();
  const rows: [string, string | undefined][] = [
    ['Browser', [ua.browser.name, ua.browser.version].filter(Boolean).join(' ') || undefined],
    ['Engine', [ua.engine.name, ua.engine.version].filter(Boolean).join(' ') || undefined],
    ['OS', [ua.os.name, ua.os.version].filter(Boolean).join(' ') || undefined],
    ['Device', [ua.device.type ?? 'desktop', ua.device.vendor, ua.device.model].filter(Boolean).join(' ')],
    ['CPU', ua.cpu.architecture],
    ['Bot', ua.isBot ? 'yes' : 'no'],
  ];
  return (
    <article>
      <h1>Your device</h1>
      <table className="device">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td data-testid={`ua-${label.toLowerCase()}`}>{value ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <small>{ua.ua}</small>
      </p>
    </article>
  );
}
