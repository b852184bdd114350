/** A page's A/B test: its versions and their weights, a version's name as the Studio allows it, and choosing a version. */

export interface Experiment {
  name: string
  arms: readonly { key: string; weight: number }[]
}

/** An A/B test version's name, as the Studio allows it. */
export const ARM_KEY = /^[a-z0-9-]{1,20}$/

/** A version by weight: `random` in [0, 1). */
export function pickArm(experiment: Experiment, random: number): string {
  const total = experiment.arms.reduce((sum, arm) => sum + arm.weight, 0)
  let point = random * total
  for (const arm of experiment.arms) {
    point -= arm.weight
    if (point < 0) return arm.key
  }
  return experiment.arms.at(-1)!.key
}
