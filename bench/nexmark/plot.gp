# Per-core throughput per Nexmark query: eddy (streaming, batch), the
# hand-written C baseline, and Flink's published per-core figures.
# gnuplot -e "datafile='...'; outfile='...'" plot.gp (data: bench_nexmark --dat)
set terminal pngcairo size 1400,620 font "DejaVu Sans,10" noenhanced
set output outfile
set title "Nexmark: events/s per core (log scale; no bar = cannot run / not published)"
set ylabel "million events/s per core"
set logscale y
set yrange [0.01:50]
set grid ytics
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key top right
set xtics rotate by 0
plot datafile using (column(2)):xtic(stringcolumn(1)) title "eddy streaming" lc rgb "#1f77b4", \
     '' using 3 title "eddy batch" lc rgb "#6baed6", \
     '' using 4 title "hand-written C" lc rgb "#2ca02c", \
     '' using 5 title "Flink 1.13 (V1)" lc rgb "#d62728", \
     '' using 6 title "Flink 2.0 (V2)" lc rgb "#ff9896", \
     '' using 7 title "Flink, 16-core run" lc rgb "#9467bd"
