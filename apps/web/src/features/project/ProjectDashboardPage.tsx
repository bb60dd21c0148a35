// The project dashboard lives in features/project-dashboard (issue 9).
export { default } from '../project-dashboard/ProjectDashboard';
