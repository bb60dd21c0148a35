// The project dashboard lives in features/project-dashboard.
export { default } from '../project-dashboard/ProjectDashboard';
