import { runMain } from '@syn/kit';
import { statisticsService } from './service';

runMain(statisticsService);
