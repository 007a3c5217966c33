/** Seed 001's sample content, carried by the demo so it runs on a clone alone. */

/** "Create a csv file using below sample content": sampleStudent.csv, as the write-up gives it. */
export const SAMPLE_STUDENT_CSV = `StudentId,Name,Subject,Mark
1,Ram,science,80
1,Ram,maths,90
1,Ram,language,85
2,Tom,science,72
2,Tom,maths,75
2,Tom,science,79
3,Kim,science,81
3,Kim,maths,92
3,Kim,language,89
`;

/** A student who arrives later, as a new ORC file in the folder the stream reads (not in the write-up). */
export const NEW_STUDENT_ROWS: readonly (readonly [number, string, string, number])[] = [
  [4, 'Ann', 'science', 70],
  [4, 'Ann', 'maths', 88],
];

/** The write-up's `rdSchema`. */
export const RD_SCHEMA = 'StudentId int, ' + 'Name string, ' + 'Subject string, ' + 'Mark int';
