import { ProjectSection } from './ProjectSection';

export default function ApiKeysPage() {
  return (
    <ProjectSection
      text={{
        title: 'API keys',
        subtitle: 'Secrets for your servers to call the Scanline APIs.',
        icon: 'pi-key',
        emptyTitle: 'No API keys yet',
        what: 'Read and write keys for server-to-server calls will be listed here with their prefix, creator, last use and expiry. A new key’s secret is shown once.',
      }}
    />
  );
}
