#!/usr/bin/env bash
# Renders the landing page's looping banner video (web/public/media/hero.{mp4,webm} + poster).
# Soft light particles drifting over the brand's deep blue; every motion has a 6-second period, so
# the loop is seamless. Needs ffmpeg (apt-get install ffmpeg). The outputs are committed (~60 KB),
# so the build does not need ffmpeg. geq renders slowly: expect several minutes on a busy machine.
set -euo pipefail
out="$(cd "$(dirname "$0")/.." && pwd)/web/public/media"
mkdir -p "$out"
P='2*PI*T/6'
# one soft particle: centre moves on a closed curve (period 6 s), radius r
blob() { echo "exp(-(pow(X-W*($1+$3*sin($P+$5)),2)+pow(Y-H*($2+$4*cos($P+$5)),2))/pow(W*$6,2))"; }
B1=$(blob 0.20 0.30 0.10 0.08 0.0 0.09)
B2=$(blob 0.70 0.25 0.12 0.10 1.7 0.12)
B3=$(blob 0.45 0.70 0.15 0.07 3.1 0.10)
B4=$(blob 0.85 0.75 0.08 0.12 4.4 0.07)
B5=$(blob 0.10 0.80 0.06 0.09 5.3 0.06)
BG="(1-Y/H*0.4)"
ffmpeg -hide_banner -loglevel error -y -f lavfi \
  -i "nullsrc=s=640x360:r=24:d=6,geq=r='clip(14*$BG+150*($B2)+60*($B4)+90*($B5),0,255)':g='clip(22*$BG+120*($B1)+90*($B3)+60*($B2),0,255)':b='clip(70*$BG+200*($B1)+180*($B2)+200*($B3)+170*($B4)+120*($B5),0,255)',gblur=sigma=3,format=yuv420p" \
  -c:v libx264 -preset slow -crf 30 -profile:v main -movflags +faststart -an "$out/hero.mp4"
ffmpeg -hide_banner -loglevel error -y -i "$out/hero.mp4" -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -an "$out/hero.webm"
ffmpeg -hide_banner -loglevel error -y -i "$out/hero.mp4" -frames:v 1 -q:v 6 "$out/hero-poster.jpg"
ls -l "$out"
