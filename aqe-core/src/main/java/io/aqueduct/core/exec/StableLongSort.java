package io.aqueduct.core.exec;

/** A stable merge sort of {@code long}s by a comparator, for sorting row addresses without boxing them. */
final class StableLongSort {
    private static final int INSERTION_SORT_LENGTH = 16;

    @FunctionalInterface
    interface LongComparator {
        int compare(long left, long right);
    }

    private StableLongSort() {}

    /** Sorts {@code values}, using {@code scratch} (at least as long as {@code values}) as working space. */
    static void sort(long[] values, long[] scratch, LongComparator comparator) {
        System.arraycopy(values, 0, scratch, 0, values.length);
        mergeSort(scratch, values, 0, values.length, comparator);
    }

    // Sorts source[from, to) into target[from, to); both hold the same values on entry.
    private static void mergeSort(long[] source, long[] target, int from, int to, LongComparator comparator) {
        if (to - from <= INSERTION_SORT_LENGTH) {
            insertionSort(target, from, to, comparator);
            return;
        }
        int middle = (from + to) >>> 1;
        mergeSort(target, source, from, middle, comparator);
        mergeSort(target, source, middle, to, comparator);
        int left = from;
        int right = middle;
        for (int i = from; i < to; i++) {
            if (right >= to || (left < middle && comparator.compare(source[left], source[right]) <= 0)) {
                target[i] = source[left++];
            } else {
                target[i] = source[right++];
            }
        }
    }

    private static void insertionSort(long[] values, int from, int to, LongComparator comparator) {
        for (int i = from + 1; i < to; i++) {
            long value = values[i];
            int j = i - 1;
            while (j >= from && comparator.compare(values[j], value) > 0) {
                values[j + 1] = values[j];
                j--;
            }
            values[j + 1] = value;
        }
    }
}
